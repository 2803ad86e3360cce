/** Why screen every month: what OIG, CMS and the states expect, and what it costs to miss. */
import { Anchor, Button, Group, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ExternalLink, InfoPage, InfoSection } from './info-page';

export function WhyMonthlyPage() {
  return (
    <InfoPage
      title="Why search every month"
      lead="The exclusion lists change every month. Screening at hire and then once a year leaves months in which an excluded person can work on claims you bill to Medicare or Medicaid."
    >
      <InfoSection title="Federal programs do not pay for excluded people">
        <Text>
          No Federal health care program pays for items or services furnished, ordered or prescribed by a person the
          HHS Office of Inspector General (OIG) has excluded, until OIG reinstates them (42 CFR 1001.1901). OIG reads this
          broadly: it covers administrative and management work, billing, IT and similar services, even when they are
          not billed separately. That is why screening covers all staff, contractors and vendors, not only clinicians.
        </Text>
        <Text>
          Money paid for an excluded person's services is an overpayment. Once identified, an overpayment must be
          reported and returned within 60 days (Social Security Act §1128J(d)).
        </Text>
      </InfoSection>

      <InfoSection title="Penalties are counted per item or service">
        <Text>
          Under the Civil Monetary Penalties Law (42 U.S.C. 1320a-7a), OIG may impose a penalty for each item or service
          furnished by an excluded person you employ or contract with, plus an assessment of up to three times the
          amount claimed, and may exclude your organisation as well. The statute set the penalty at up to $10,000 per
          item or service; it is adjusted for inflation every year and is now more than twice that.
        </Text>
        <Text>
          Liability turns on whether you knew or should have known. Documented, routine screening is how you show that
          you did what could be expected.
        </Text>
      </InfoSection>

      <InfoSection title="What the regulators say">
        <List spacing="xs">
          <List.Item>
            <Text span fw={600}>OIG.</Text> Its May 2013 Special Advisory Bulletin on the Effect of Exclusion notes that
            the LEIE is updated monthly and that checking it monthly best minimises overpayment and penalty liability.
          </List.Item>
          <List.Item>
            <Text span fw={600}>CMS.</Text> Letters to State Medicaid Directors (SMDL #08-003 of June 2008 and the
            January 2009 letter) told states to have providers screen their employees and contractors, a monthly
            expectation in practice. Under 42 CFR 455.436 the state Medicaid agencies themselves must check the LEIE and
            SAM at least monthly.
          </List.Item>
          <List.Item>
            <Text span fw={600}>States.</Text> Many state Medicaid programs require monthly checks of their own
            exclusion list as well as the federal ones, and ask providers to certify at enrolment that no employee or
            contractor is excluded. A state exclusion can take months to appear on the LEIE.
          </List.Item>
          <List.Item>
            <Text span fw={600}>Medicare Advantage and Part D.</Text> Plans must screen employees and their first tier,
            downstream and related entities against the LEIE and SAM before hiring or contracting and monthly thereafter,
            and pass the duty on in their contracts.
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Read the source: <ExternalLink href="https://oig.hhs.gov/exclusions/">OIG exclusions program</ExternalLink>.
          This page is general information, not legal advice.
        </Text>
      </InfoSection>

      <InfoSection title="How Clearlist makes it routine">
        <Text>
          Upload the same roster each month as a CSV file, or run it from the command line, and review only the new
          potential matches. Every search, status change and note is kept, so you can show auditors what was searched,
          when, and what you decided. See <Anchor component={Link} to="/lists">the lists we search</Anchor> and{' '}
          <Anchor component={Link} to="/automation">how to automate it</Anchor>.
        </Text>
        <Group mt="sm">
          <Button component={Link} to="/registration/trial">
            Start free trial
          </Button>
        </Group>
      </InfoSection>
    </InfoPage>
  );
}
