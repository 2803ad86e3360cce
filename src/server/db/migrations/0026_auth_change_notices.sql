-- Any change that can end or narrow a session (revocation, expiry, a user deactivated or moved,
-- roles, the client's state, options or allowlist) announces itself on the channel
-- clearlist_auth_changed once its transaction commits; the server's session cache drops
-- everything it holds when told (ADR 055). Touching last_seen_at announces nothing.
CREATE OR REPLACE FUNCTION clearlist_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('clearlist_auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION clearlist_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION clearlist_auth_changed();
--> statement-breakpoint
CREATE TRIGGER clients_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON clients
  FOR EACH STATEMENT EXECUTE FUNCTION clearlist_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION clearlist_auth_changed();
