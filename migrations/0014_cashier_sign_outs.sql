-- A cashier locked out by a dead screen (issue 20). A cashier works at one
-- station at a time; a sign-in lives in the hub's memory, so a tablet that
-- went flat kept her signed in there until the hub restarted. `sign_outs`
-- counts the times a manager signed her out of every station (the approval
-- sheet at the screen that refused her, or `pos cashiers release`): a
-- screen's sign-in holds only while the count is the one she signed in
-- with, so a running hub sees a release made by another process at once.
ALTER TABLE cashiers ADD COLUMN sign_outs INTEGER NOT NULL DEFAULT 0;
