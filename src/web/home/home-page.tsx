/** Signed-in home: a welcome, what the user can do, and the menu items open to them. */
import { Anchor, Card, Container, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { visibleMenuItems } from '#shared/navigation';
import { WORKING_LINKS } from '../app/built-pages';
import { useCurrentUser } from '../app/current-user';

const GUIDES = [
  { to: '/lists', title: 'Lists we search', text: 'Who publishes each exclusion and sanctions list, and what it holds.' },
  { to: '/why-monthly', title: 'Why search every month', text: 'What OIG, CMS and the states expect, and what a missed exclusion costs.' },
  { to: '/automation', title: 'Automation', text: 'Screen a whole roster from a CSV file or from the command line.' },
  { to: '/help', title: 'Help', text: 'Screening, reading results and review statuses, and how to reach us.' },
];

export function HomePage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const items = visibleMenuItems(user, WORKING_LINKS);

  return (
    <Container size={1100} px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>Welcome, {user.firstName || user.fullName}</Title>
          <Text c="dimmed">
            {user.clientName}
            {user.teamName ? ` · ${user.teamName}` : ''}
          </Text>
        </Stack>

        <Stack component="section" gap="sm" aria-labelledby="home-actions">
          <Title order={2} fz="xl" id="home-actions">
            What you can do
          </Title>
          {items.length > 0 ? (
            <List spacing="xs">
              {items.map((item) => (
                <List.Item key={item.label}>
                  <Anchor component={Link} to={item.link}>
                    {item.label}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text>
              No screening pages are open to your account yet. They will be listed here and in the Search and Settings
              menus when they are. Meanwhile, read how screening works and which lists Clearlist covers.
            </Text>
          )}
        </Stack>

        <Stack component="section" gap="sm" aria-labelledby="home-guides">
          <Title order={2} fz="xl" id="home-guides">
            Learn more
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {GUIDES.map((guide) => (
              <Card key={guide.to} withBorder padding="lg" radius="md">
                <Anchor component={Link} to={guide.to} fw={600}>
                  {guide.title}
                </Anchor>
                <Text size="sm" mt={6}>
                  {guide.text}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </Stack>
    </Container>
  );
}
