/** Privacy policy of the Clearlist screening service. */
import { Anchor, List, Text } from '@mantine/core';
import { COMPANY } from '../app/company';
import { InfoPage, InfoSection } from './info-page';

export function PrivacyPage() {
  return (
    <InfoPage
      title="Privacy policy"
      lead="Clearlist screens people and companies on behalf of healthcare organisations. This policy says what personal data we handle, why, how long we keep it and how we protect it."
    >
      <InfoSection title="Who is responsible">
        <Text>
          For account data (the people who use Clearlist), {COMPANY.name} decides how the data is used. For the people
          our customers screen, the customer decides: we process that data only on the customer's instructions, to run
          the searches and keep the results, under our agreement with the customer.
        </Text>
      </InfoSection>
      <InfoSection title="What data we handle">
        <List spacing="xs">
          <List.Item>Account data: name, e-mail address, username, company, team and role, and your password as a one-way hash.</List.Item>
          <List.Item>
            Screening data our customers upload or enter: names, business names, NPIs, Social Security numbers, dates of
            birth, addresses, their own identifiers and any extra columns they choose to keep with a search.
          </List.Item>
          <List.Item>Results and reviews: potential matches, review statuses, notes and who changed what, when.</List.Item>
          <List.Item>
            Billing data: plan, searches made and invoices. Card numbers go directly to our payment provider; we keep only
            the last four digits.
          </List.Item>
          <List.Item>Security data: sign-in times, IP addresses (also used for the IP allow list an administrator may set) and an audit log of actions.</List.Item>
        </List>
      </InfoSection>
      <InfoSection title="Why we use it">
        <Text>
          To provide the service: run searches, show and keep results, bill per search, support you, keep accounts
          secure and meet our legal obligations. We do not sell personal data, use it for advertising, or use screening
          data for any purpose other than the customer's screening.
        </Text>
      </InfoSection>
      <InfoSection title="How we protect it">
        <List spacing="xs">
          <List.Item>
            Social Security numbers and uploaded files are encrypted at rest. SSNs are shown masked, with only the last
            four digits, and never written to logs.
          </List.Item>
          <List.Item>Passwords are stored as Argon2 hashes; sessions use secure, HTTP-only cookies and can be ended at any time.</List.Item>
          <List.Item>Each customer sees only its own data, and roles limit what each user can see and do.</List.Item>
          <List.Item>Review decisions, status changes, sign-ins and administrative actions are written to an append-only audit log.</List.Item>
        </List>
      </InfoSection>
      <InfoSection title="How long we keep it">
        <Text>
          Screening data, results and their history are kept while the customer's account is active, because auditors
          may ask for proof of past screening. When an account is closed, its screening data is deleted at the
          customer's request or after the retention period agreed with the customer, unless the law requires us to keep
          it longer. Billing records are kept as long as tax law requires.
        </Text>
      </InfoSection>
      <InfoSection title="Service providers and cookies">
        <Text>
          We use a payment provider for cards and, where enabled, a support chat service that receives your name and
          e-mail when you open the chat. Clearlist sets only the cookies it needs to work: a session cookie and a
          security (CSRF) cookie. We use no advertising cookies.
        </Text>
      </InfoSection>
      <InfoSection title="Your rights and contact">
        <Text>
          If you were screened by one of our customers, contact that organisation first; we will help it answer you. For
          anything else, including access to or correction of your account data, e-mail{' '}
          <Anchor href={`mailto:${COMPANY.privacyEmail}`}>{COMPANY.privacyEmail}</Anchor> or write to {COMPANY.name},{' '}
          {COMPANY.street}, {COMPANY.city}.
        </Text>
      </InfoSection>
    </InfoPage>
  );
}
