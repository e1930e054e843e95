-- Option groups (issue 34 item 2): each option names the group it is one of
-- (size, milk, extras) and carries that group's rule, as a service may send
-- it on each option. No group (group_id NULL): an optional add-on, as every
-- option was before. The next pull fills these in; until then a replica
-- pulled before this migration sells its options as add-ons.
ALTER TABLE modifiers ADD COLUMN group_id TEXT;
ALTER TABLE modifiers ADD COLUMN group_name_en TEXT;
ALTER TABLE modifiers ADD COLUMN group_name_ar TEXT;
-- Fewest options of the group a line must have (0: optional).
ALTER TABLE modifiers ADD COLUMN group_min INTEGER NOT NULL DEFAULT 0 CHECK (group_min >= 0);
-- Most options of the group a line may have (NULL: no limit).
ALTER TABLE modifiers ADD COLUMN group_max INTEGER CHECK (group_max IS NULL OR group_max >= 1);
