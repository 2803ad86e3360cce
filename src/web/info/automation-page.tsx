/** Automation: batch CSV uploads and the command line, described as they work today. */
import { Code, List, Text } from '@mantine/core';
import { InfoPage, InfoSection } from './info-page';

export function AutomationPage() {
  return (
    <InfoPage
      title="Automation"
      lead="Screening a whole roster every month should take minutes, not a day of typing names into search boxes. Clearlist screens files, from the browser or from a script."
    >
      <InfoSection title="Batch search with a CSV file">
        <Text>
          Export your employees, contractors or vendors from your HR, credentialing or accounts payable system as a CSV
          file and upload it in Batch Search. Clearlist then walks you through it:
        </Text>
        <List type="ordered" spacing="xs">
          <List.Item>Choose the search types: exclusion lists by name, NPI, OFAC sanctions or the Death Master File.</List.Item>
          <List.Item>
            Map your columns to what each search needs (first and last name or business name, NPI, SSN), and pick a
            column that identifies each row, such as an employee number.
          </List.Item>
          <List.Item>Keep other columns as additional data, so results carry your own context.</List.Item>
          <List.Item>
            Review the setup and start the search. Rows that cannot be searched are listed with the row number and the
            reason, so you can fix the file and upload it again.
          </List.Item>
        </List>
        <Text>
          Results are grouped by the person or company you searched, with a status for each potential match, notes and a
          history of every change, and reports you can hand to an auditor.
        </Text>
      </InfoSection>

      <InfoSection title="The command line">
        <Text>
          Clearlist is one program that you can run yourself. Its command line screens a file against the same lists and
          the same matching rules as the web application, which suits scheduled jobs on your own servers:
        </Text>
        <Code block>npx clearlist screen --help</Code>
        <Text>
          The help lists the input formats and options. Run it from a scheduler (cron, a CI pipeline or Windows Task
          Scheduler) on the first business day of each month, after the lists have been updated.
        </Text>
      </InfoSection>

      <InfoSection title="An API is on the way">
        <Text>
          A web API, authenticated with API keys that account administrators issue, is being built so that HR and
          credentialing systems can screen a person the moment they are added. Until it is available, the CSV batch and
          the command line are the ways to automate screening.
        </Text>
      </InfoSection>
    </InfoPage>
  );
}
