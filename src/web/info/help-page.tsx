/** In-app help: getting started, screening, reading results and statuses, and how to reach us. */
import { Anchor, List, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { COMPANY } from '../app/company';
import { InfoPage, InfoSection } from './info-page';

const REVIEW_STATUSES = [
  ['Needs Review', 'A potential match nobody has looked at yet.'],
  ['Under Review', 'Someone is checking it, for example against the date of birth, address or licence on the source.'],
  ['Reviewed: Match', 'Confirmed: the record is the person or company you searched. Act under your compliance policy.'],
  ['Reviewed: Clear', 'Confirmed: the record is someone else.'],
];

export function HelpPage() {
  return (
    <InfoPage title="Help" lead="How to screen people and companies with Clearlist and how to review what it finds.">
      <InfoSection title="Getting started">
        <List spacing="xs">
          <List.Item>
            Log in with your username and password. Each time, you confirm the intent of use: employment decisions are
            never made on a potential match alone, and every potential match is confirmed before any final decision.
          </List.Item>
          <List.Item>
            The Search and Settings menus show what your account and role allow. Account owners manage the plan and
            billing; team administrators manage users and teams.
          </List.Item>
          <List.Item>
            Forgot your password? Use <Anchor component={Link} to="/reset-password">Reset your password</Anchor>; the link
            we e-mail is valid for one hour.
          </List.Item>
        </List>
      </InfoSection>

      <InfoSection title="Screening">
        <Text>
          Search one person or company at a time by first and last name, business name or NPI, or screen a whole roster
          with a CSV file in Batch Search: choose the search types, map your columns, review and start. See{' '}
          <Anchor component={Link} to="/automation">Automation</Anchor> for batch files and the command line, and{' '}
          <Anchor component={Link} to="/lists">Lists we search</Anchor> for the sources. We recommend screening everyone
          at hire and then every month; <Anchor component={Link} to="/why-monthly">here is why</Anchor>.
        </Text>
      </InfoSection>

      <InfoSection title="Reading results">
        <Text>
          A potential match is a record on a list whose name or identifier resembles what you searched. It is not proof
          that the person is excluded: names are shared, and lists hold few identifiers. Open a result to compare the
          list record with your data, then set its review status and add a note saying what you checked.
        </Text>
        <Table withTableBorder verticalSpacing="sm" mt="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Review status</Table.Th>
              <Table.Th scope="col">Meaning</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {REVIEW_STATUSES.map(([status, meaning]) => (
              <Table.Tr key={status}>
                <Table.Th scope="row">{status}</Table.Th>
                <Table.Td>{meaning}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text>
          Result texts in red need attention: Exclusion Found, Found on Opt Out List, Found on SSDMF, an Invalid or
          Inactive NPI, or an Error. Every status change is kept with who made it, when, and the note, so the history can
          be shown to an auditor.
        </Text>
      </InfoSection>

      <InfoSection title="Contact us">
        <Text>
          Logged in, use the Help button in the top bar. You can also e-mail{' '}
          <Anchor href={`mailto:${COMPANY.supportEmail}`}>{COMPANY.supportEmail}</Anchor> or write to {COMPANY.name},{' '}
          {COMPANY.street}, {COMPANY.city}. For discounted pricing above 500 searches a month, contact us as well.
        </Text>
      </InfoSection>
    </InfoPage>
  );
}
