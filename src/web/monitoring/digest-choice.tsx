/** The user's own choice of alert e-mails (ADR 053): for every roster, or for one roster. */
import { Select, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DIGEST_FREQUENCIES, DIGEST_FREQUENCY_LABELS, type DigestFrequency } from '#shared/roster-intake';
import { errorMessage } from '../batches/batches-api';
import { fetchDigest, intakeKeys, saveDigest } from './intake-api';

const FOLLOW = 'default';

export function DigestChoiceControl({ rosterId }: { rosterId: number | null }) {
  const queryClient = useQueryClient();
  const choice = useQuery({ queryKey: intakeKeys.digest(rosterId), queryFn: () => fetchDigest(rosterId) });
  const save = useMutation({
    mutationFn: (value: string) => saveDigest(rosterId, value === FOLLOW ? null : (value as DigestFrequency)),
    onSuccess: (next) => {
      queryClient.setQueryData(intakeKeys.digest(rosterId), next);
      void queryClient.invalidateQueries({ queryKey: ['monitoring', 'digest'] });
    },
  });
  if (!choice.data) return null;
  const own = DIGEST_FREQUENCY_LABELS[choice.data.defaultFrequency];
  const data = [
    ...(rosterId === null ? [] : [{ value: FOLLOW, label: `As in my setting (${own.toLowerCase()})` }]),
    ...DIGEST_FREQUENCIES.map((f) => ({ value: f, label: DIGEST_FREQUENCY_LABELS[f] })),
  ];
  const value = rosterId === null ? choice.data.defaultFrequency : (choice.data.rosterFrequency ?? FOLLOW);
  return (
    <div>
      <Select
        label={rosterId === null ? 'E-mail me about new alerts' : 'E-mail me about this roster’s alerts'}
        description={`To ${choice.data.email}: the rosters and names of the people with new alerts, and a link to sign in.`}
        data={data}
        value={value}
        allowDeselect={false}
        onChange={(next) => next && save.mutate(next)}
        maw={420}
        disabled={save.isPending}
      />
      {save.isError && (
        <Text size="sm" c="red.9" role="alert">
          {errorMessage(save.error)}
        </Text>
      )}
    </div>
  );
}
