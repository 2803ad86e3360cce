/** The three steps of a monthly screening. */
import { Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';

const STEPS = [
  { title: 'Search', text: 'Look up one person or company, or upload your whole roster as a CSV file.' },
  { title: 'Review', text: 'Compare each potential match with the list record and set its status with a note.' },
  { title: 'Prove it', text: 'Every search, decision and change is kept for your auditors.' },
];

export function HowItWorks() {
  return (
    <Paper component="section" radius="lg" p={{ base: 'lg', sm: 'xl' }} withBorder aria-labelledby="how-it-works">
      <Title order={2} id="how-it-works" mb="lg">
        How monthly screening works
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {STEPS.map((step, index) => (
          <Group key={step.title} align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon size={32} radius="xl" variant="light" aria-hidden="true">
              <Text fw={700} size="sm">
                {index + 1}
              </Text>
            </ThemeIcon>
            <div>
              <Text fw={600} c="dark.8">
                {step.title}
              </Text>
              <Text size="sm" c="dark.6">
                {step.text}
              </Text>
            </div>
          </Group>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
