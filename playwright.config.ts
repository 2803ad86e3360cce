import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Journeys run against the real built server with demo data on a fresh embedded database.
const port = Number(process.env.E2E_PORT ?? 8181);
// The list publishers' stand-in (e2e/list-publisher.mjs), a thousand ports up so helpers' neighbouring ports never meet: the Lists page's checks download from it.
const publisherPort = Number(process.env.E2E_PUBLISHER_PORT ?? port + 1000);
const publisher = `http://127.0.0.1:${publisherPort}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'clearlist-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// Journeys tell the stand-in which file to publish (e2e/list-publisher.mjs).
process.env.E2E_PUBLISHER_URL = publisher;
// Every publisher as the research describes it (test/publishers/), on the next port: LIST_PUBLISHERS_URL sends the recipes there.
const publishers = `http://127.0.0.1:${publisherPort + 1}`;
process.env.E2E_PUBLISHERS_URL = publishers;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      command: `npx tsx test/publishers/serve.ts ${publisherPort + 1}`,
      url: `${publishers}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node e2e/list-publisher.mjs ${publisherPort}`,
      url: `${publisher}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node bin/clearlist.mjs demo`,
      url: `http://127.0.0.1:${port}/services/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Tests see the outbox folder to follow password reset mails.
        SMTP_URL: '',
        // Lists the journeys check (ADR 049); the others keep the demo's data.
        LIST_PUBLISHERS_URL: publishers,
        // The scheduled check once a year (1 January), so a run that crosses 06:00 UTC meets no check of every list mid-journey.
        LIST_UPDATE_SCHEDULE: '0 6 1 1 *',
        LIST_URLS: JSON.stringify({ optout: [`${publisher}/optout/optout-affidavits.csv`], sam: [`${publisher}/sam/SAM_Exclusions_Public_Extract_V2.ZIP`] }),
      },
    },
  ],
});
