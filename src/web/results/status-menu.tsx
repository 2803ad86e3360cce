/** A record's review status as a coloured button whose menu offers every other status; 'Clear' where it cannot change. */
import { Button, ColorSwatch, Menu, Text } from '@mantine/core';
import { CLEAR_TEXT } from '#shared/result-texts';
import { type ReviewStatus } from '#shared/review-status';
import { reviewStatusColor, reviewStatusLabel, textOnLight } from './review-status';

export interface StatusMenuProps {
  status: ReviewStatus;
  /** Statuses offered (the contract's statusChoices). */
  choices: readonly ReviewStatus[];
  /** Names the record for assistive technology: "Status of …". */
  recordLabel: string;
  onChoose: (newStatus: ReviewStatus) => void;
}

export function StatusMenu({ status, choices, recordLabel, onChoose }: StatusMenuProps) {
  if (choices.length === 0) return <ClearText />;
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="light"
          color={reviewStatusColor(status)}
          c={textOnLight(reviewStatusColor(status))}
          aria-label={`Status of ${recordLabel}: ${reviewStatusLabel(status)}`}
          rightSection={<span aria-hidden="true">▾</span>}
          // The row opens the drawer; choosing a status must not.
          onClick={(event) => event.stopPropagation()}
          styles={{ label: { whiteSpace: 'nowrap' } }}
        >
          {reviewStatusLabel(status)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        <Menu.Label>Change status to</Menu.Label>
        {choices.map((next) => (
          <Menu.Item key={next} onClick={() => onChoose(next)} leftSection={<ColorSwatch size={10} color={`var(--mantine-color-${reviewStatusColor(next)}-6)`} aria-hidden="true" />}>
            {reviewStatusLabel(next)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** What a row or the drawer shows instead of the menu when its status cannot change. */
export function ClearText() {
  return (
    <Text span fw={600} c={textOnLight('green')}>
      {CLEAR_TEXT}
    </Text>
  );
}
