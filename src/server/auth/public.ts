/** What other features may use of auth (ADR 056): everything else in src/server/auth is private to it. */
export { isDictionaryWord } from './dictionary';
export { hashPassword } from './password-hash';
export { isUsernameTaken, loadCurrentUser } from './queries';
export { UPGRADE_COOKIE, clearUpgradeCookie, consumeUpgradeToken, issueUpgradeToken, setUpgradeCookie, upgradeTokenUser } from './upgrade-token';
