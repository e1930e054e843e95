/**
 * A table of the branch's floor (issue 21). The spec names Tables (List,
 * Detail, Create, Update, Delete) but shows neither a path nor a field: the
 * till reads `GET /tables` tolerantly (member table, "dining_table") and,
 * where the service has no such list, a manager defines the tables locally.
 */
export interface DiningTable {
  id: string;
  name: string;
  /** The room or section it stands in ("Terrace"); null: the floor's only area. */
  area: string | null;
  /** How many guests it seats; null: not known. */
  seats: number | null;
  is_active: boolean;
}
