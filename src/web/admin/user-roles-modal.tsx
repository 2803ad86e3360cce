/** Checkboxes of every role; the ones the administrator may not change are shown but locked. */
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import type { AdminUser } from '#shared/admin';
import { ROLES, type Role } from '#shared/roles';
import { roleLock } from '#shared/role-grants';
import { saveRoles, useAdminChange } from './admin-api';
import { ROLE_LABELS } from './labels';

export interface UserRolesModalProps {
  user: AdminUser;
  isSelf: boolean;
  isSystemAdmin: boolean;
  onClose: () => void;
}

/** Why a role's box is locked, or null when it can be changed: the server's own rule (issue 53). */
const lockReason = (role: Role, user: AdminUser, isSelf: boolean, isSystemAdmin: boolean): string | null => roleLock(role, { callerIsSystemAdmin: isSystemAdmin, isSelf, targetRoles: user.roles });

export function UserRolesModal({ user, isSelf, isSystemAdmin, onClose }: UserRolesModalProps) {
  const [roles, setRoles] = useState<string[]>(user.roles);
  const change = useAdminChange((next: Role[]) => saveRoles(user.id, next), `Roles of ${user.username} updated.`);
  const save = () => change.mutate(ROLES.filter((role) => roles.includes(role)), { onSuccess: onClose });

  return (
    <Modal opened onClose={onClose} title={`Roles of ${user.username}`} centered>
      <Stack gap="md">
        <Checkbox.Group value={roles} onChange={setRoles} label="Roles" description="A user sees the menu items and pages of the roles they hold.">
          <Stack gap="xs" mt="xs">
            {ROLES.map((role) => {
              const reason = lockReason(role, user, isSelf, isSystemAdmin);
              return <Checkbox key={role} value={role} label={ROLE_LABELS[role]} description={reason ?? undefined} disabled={reason !== null} />;
            })}
          </Stack>
        </Checkbox.Group>
        <Text size="sm" c="dimmed">
          The change is recorded in the user’s history.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={change.isPending} onClick={save}>
            Save roles
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
