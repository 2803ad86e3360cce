/** Landing page: what Clearlist does and for whom, pricing, and the ways in. No top bar here. */
import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { trialLengthText } from '#shared/account';
import { LandingHeader } from './landing-header';
import { HowItWorks } from './how-it-works';
import { SearchCard } from '../interactive/search-card';
import { AudienceSection, PricingSection, SearchesSection } from './landing-sections';
import classes from './landing.module.css';

export function LandingPage() {
  return (
    <>
      <LandingHeader />
      <Box component="main" id="main" tabIndex={-1} className={classes.main} data-print="content">
        <Box className={classes.hero}>
          <Container size={1200} px="md" py={{ base: 40, sm: 72 }}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
              <Stack gap="lg" maw={720}>
                <Title order={1} className={classes.title}>
                  Exclusion screening for healthcare, done every month
                </Title>
                <Text size="xl" className={classes.lead}>
                  Clearlist checks your employees, vendors and contractors against the OIG, SAM, OFAC and state Medicaid
                  exclusion lists, and helps your compliance team review and document every potential match.
                </Text>
                <Group gap="sm">
                  <Button component={Link} to="/registration/trial" size="md" variant="white">
                    Start free trial
                  </Button>
                  <Button component={Link} to="/registration/company" size="md" variant="outline" className={classes.outlineOnDark}>
                    Sign up
                  </Button>
                  <Button component={Link} to="/login" size="md" variant="outline" className={classes.outlineOnDark}>
                    Log in
                  </Button>
                </Group>
                <Text size="sm" className={classes.note}>
                  10 free searches a month on the trial. {trialLengthText(new Date())} Plans from $30 a month.
                </Text>
              </Stack>
              <Box c="dark.8">
                <SearchCard
                  title="Check a name or NPI now"
                  intro="Free, no account needed: searches the OIG LEIE, SAM.gov and state Medicaid exclusion lists, with a limited number of searches a day."
                  asksIntent
                />
              </Box>
            </SimpleGrid>
          </Container>
        </Box>
        <Container size={1200} px="md" py={{ base: 40, sm: 64 }}>
          <Stack gap={64}>
            <AudienceSection />
            <HowItWorks />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
              <SearchesSection />
              <PricingSection />
            </SimpleGrid>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
