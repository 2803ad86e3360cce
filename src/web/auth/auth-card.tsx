/** The narrow card that frames the sign-in, password and setup forms. */
import type { ReactNode } from 'react';
import { Container, Paper, Text, Title } from '@mantine/core';

export interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  width?: number;
}

export function AuthCard({ title, intro, children, width = 440 }: AuthCardProps) {
  return (
    <Container size={width} px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Title order={1} fz={26} mb={intro ? 'xs' : 'lg'}>
          {title}
        </Title>
        {intro && (
          <Text c="dimmed" size="sm" mb="lg">
            {intro}
          </Text>
        )}
        {children}
      </Paper>
    </Container>
  );
}
