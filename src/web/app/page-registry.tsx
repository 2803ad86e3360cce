/** Built pages by route path. Keys must equal BUILT_PATHS, which the type checks both ways. */
import type { ComponentType } from 'react';
import { ClientsPage } from '../admin/clients-page';
import { TeamsPage } from '../admin/teams-page';
import { UsersPage } from '../admin/users-page';
import { QueuePage } from '../admin/queue-page';
import { ListsAdminPage } from '../admin/lists-page';
import { BatchDashboardPage } from '../batches/batch-dashboard-page';
import { UploadWizardPage } from '../batches/upload-wizard-page';
import { BatchNameSearchPage, BatchNpiSearchPage } from '../batches/quick-batch-page';
import { ResultsPage } from '../results/results-page';
import { LoginPage } from '../auth/login-page';
import { ResetRequestPage } from '../auth/reset-request-page';
import { ResetPasswordPage } from '../auth/reset-password-page';
import { SetupPage } from '../auth/setup-page';
import { HomePage } from '../home/home-page';
import { AutomationPage } from '../info/automation-page';
import { HelpPage } from '../info/help-page';
import { ListsPage } from '../info/lists-page';
import { PrivacyPage } from '../info/privacy-page';
import { WhyMonthlyPage } from '../info/why-monthly-page';
import { LandingPage } from '../landing/landing-page';
import { InteractiveSearchPage } from '../interactive/interactive-search-page';
import { NameResultsPage } from '../interactive/name-results-page';
import { NpiResultsPage } from '../interactive/npi-results-page';
import { SearchHistoryPage } from '../search-history/search-history-page';
import { RegistrationPage } from '../registration/registration-page';
import { AccountDetailsPage } from '../account/account-details-page';
import { TrialUpgradePage } from '../account/trial-upgrade-page';
import { ApiKeysPage } from '../api-keys/api-keys-page';
import { ApiDocPage } from '../public-api/api-doc-page';
import { AdvancedSearchPage } from '../advanced-search/advanced-search-page';
import { MonitoringPage } from '../monitoring/monitoring-page';
import { RosterPage } from '../monitoring/roster-page';
import { NewRosterPage } from '../monitoring/new-roster-page';
import { RosterUpdatePage } from '../monitoring/roster-update-page';
import { RosterVersionPage } from '../monitoring/roster-version-page';
import type { BuiltPath } from './built-pages';

export const PAGES: Record<BuiltPath, ComponentType> = {
  '/': LandingPage,
  '/login': LoginPage,
  '/reset-password': ResetRequestPage,
  '/reset-password/:token': ResetPasswordPage,
  '/setup/:token': SetupPage,
  '/trial-upgrade': TrialUpgradePage,
  '/home': HomePage,
  '/help': HelpPage,
  '/privacy': PrivacyPage,
  '/why-monthly': WhyMonthlyPage,
  '/automation': AutomationPage,
  '/lists': ListsPage,
  '/admin': ClientsPage,
  '/admin/domainHierarchy': TeamsPage,
  '/admin/userManagement': UsersPage,
  '/admin/queueManagement': QueuePage,
  '/admin/lists': ListsAdminPage,
  '/flex-search': BatchDashboardPage,
  '/flex-search/file-upload': UploadWizardPage,
  '/batch/name/batchUI': BatchNameSearchPage,
  '/batch/npi/batchUI': BatchNpiSearchPage,
  '/interactive/search': InteractiveSearchPage,
  '/interactive/results': NameResultsPage,
  '/npi/results': NpiResultsPage,
  '/searchhistory/main': SearchHistoryPage,
  '/flex-search/:batchId/details': ResultsPage,
  '/monitoring': MonitoringPage,
  '/monitoring/:rosterId': RosterPage,
  '/monitoring/new': NewRosterPage,
  '/monitoring/:rosterId/update': RosterUpdatePage,
  '/monitoring/:rosterId/versions/:versionId': RosterVersionPage,
  '/registration/:plan/:invitationId?': RegistrationPage,
  '/account-details': AccountDetailsPage,
  '/npi/apikeys': ApiKeysPage,
  '/npi/apidoc': ApiDocPage,
  '/advancedSearch/search': AdvancedSearchPage,
};
