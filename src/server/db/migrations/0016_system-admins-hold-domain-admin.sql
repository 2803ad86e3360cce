-- Menus and pages follow the roles held, system admins included (ADR 036). System admins of the
-- operator client manage clients' teams and users on the domain admin's pages: they hold that role too.
INSERT INTO "user_roles" ("user_id", "role")
SELECT ur."user_id", 'domain_admin_user' FROM "user_roles" ur WHERE ur."role" = 'system_admin_user'
ON CONFLICT DO NOTHING;
