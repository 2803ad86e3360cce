/**
 * A business's owners or principals in the signed-in search form (ADR 119): one field per owner
 * for the whole name as written, up to ten, each checked by the server's rule, and what they add
 * to the bill said before searching.
 */
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { MAX_OWNERS, OWNER_TEXTS, ownerNameError } from '#shared/business-owners';
import { FULL_NAME_MAX } from '#shared/full-name';

/** The owners' errors by position (blank fields are not searched, so not errors). */
export function ownerErrorsOf(owners: readonly string[]): (string | null)[] {
  return owners.map((o, i) => (o.trim() ? ownerNameError(o.trim(), i + 1) : null));
}

/** The owners to search: trimmed, blanks left out. */
export const ownersToSearch = (owners: readonly string[]) => owners.map((o) => o.trim()).filter(Boolean);

export interface OwnerFieldsProps {
  owners: string[];
  onChange: (owners: string[]) => void;
  /** Show each owner's error once its field was left (or a search was tried). */
  touched: boolean[];
  onTouch: (index: number) => void;
}

export function OwnerFields({ owners, onChange, touched, onTouch }: OwnerFieldsProps) {
  const errors = ownerErrorsOf(owners);
  const set = (i: number, value: string) => onChange(owners.map((o, j) => (j === i ? value : o)));
  const remove = (i: number) => onChange(owners.filter((_, j) => j !== i));
  const count = ownersToSearch(owners).length;
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }} aria-describedby="owners-hint owners-billing">
      <Text component="legend" size="sm" fw={500} p={0}>
        Owners and principals (optional)
      </Text>
      <Text size="xs" c="dimmed" id="owners-hint">
        Each owner is screened as a person on the same lists. Write each whole name in one field, as you have it: “Maria Elena Garcia Lopez”, “GARCIA LOPEZ,
        Maria Elena” or “Dr. John A. Smith Jr.”.
      </Text>
      {owners.map((owner, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`Owner ${i + 1}`}
            autoComplete="off"
            maxLength={FULL_NAME_MAX + 1}
            value={owner}
            onChange={(e) => set(i, e.currentTarget.value)}
            onBlur={() => onTouch(i)}
            error={touched[i] ? errors[i] : null}
          />
          <ActionIcon variant="subtle" color="gray" size="lg" mt={26} onClick={() => remove(i)} aria-label={`Remove owner ${i + 1}`}>
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between" align="center" gap="sm">
        <Button variant="light" size="xs" onClick={() => onChange([...owners, ''])} disabled={owners.length >= MAX_OWNERS}>
          Add owner
        </Button>
        <Text size="xs" c="dimmed">
          {owners.length >= MAX_OWNERS ? OWNER_TEXTS.tooMany : `Up to ${MAX_OWNERS} owners.`}
        </Text>
      </Group>
      <Text size="sm" id="owners-billing" c="dark.6">
        {OWNER_TEXTS.billing(count)}
      </Text>
    </Stack>
  );
}
