/**
 * The state publishers whose pages take more than a link (research/list-acquisition.md §2.2):
 * Maine's SharePoint library with its listing embedded as JSON, West Virginia's Telerik grid
 * with the folder in a hidden cell, Texas's DotNetNuke postback form, Tennessee's rows.
 */
import { file, html, key, page, sampleOf } from './route-kit';
import type { PublisherAnswer, PublisherRoutes } from './types';

/** An NPI with a valid check digit (Luhn over 80840 and the first nine digits). */
function npi(nine: string): string {
  const digits = `80840${nine}`.split('').map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    const d = double ? digits[i] * 2 : digits[i];
    sum += d > 9 ? d - 9 : d;
  }
  return `${nine}${(10 - (sum % 10)) % 10}`;
}

const TN_PEOPLE: [string, string, string, string, string][] = [
  ['QUILLFEATHER', 'MARLOW', '03/14/2019', 'Medicaid fraud conviction', ''],
  ['BRAMBLETON', 'ODESSA', '07/02/2020', 'License revoked', '07/02/2025'],
  ['THISTLEWOOD', 'CASPIAN', '11/23/2018', 'Excluded by OIG', ''],
  ['Harrowgate Home Care LLC', '', '01/09/2021', 'Billing for services not rendered', ''],
  ['MERRIWEATHER', 'JUNIPER', '05/30/2022', 'Patient abuse', ''],
  ['FENWICKE', 'ALDOUS', '09/12/2017', 'License suspended', '09/12/2024'],
  ['PEBBLEWORTH', 'ROSALIND', '02/28/2023', 'Medicaid fraud conviction', ''],
  ['Cobblestone Pharmacy Inc', '', '06/15/2016', 'Termination for cause', ''],
];

/** Tennessee's table rows, keyed by column title as its JSON is (invented names). */
export const TN_ROWS: readonly Record<string, string>[] = TN_PEOPLE.map(([last, first, begin, reason, end], i) => ({
  'Last Name': last,
  'First Name': first,
  NPI: npi(String(150000000 + i * 7919).padStart(9, '0')),
  'Begin Date': begin,
  Reason: reason,
  'End Date': end,
}));

export const ME_FOLDERS = [
  { ID: 41, FileLeafRef: '2026-11' },
  { ID: 40, FileLeafRef: '2026-10' },
  { ID: 39, FileLeafRef: '2026-09' },
];

/** The library's AllItems.aspx with the listing between WPQ2ListData and WPQ2SchemaData; the newest folder's report. */
export function maine(): PublisherRoutes {
  const s = 'state-me';
  const listing = { Row: ME_FOLDERS.map((f) => ({ ...f, FSObjType: '1', Title: '', Modified: `${f.FileLeafRef}-03` })), FirstRow: 1, LastRow: ME_FOLDERS.length };
  const body = html(
    'PrvExclRpt - All Documents',
    `<div id="WebPartWPQ2"></div><script type="text/javascript">var WPQ2ListData = ${JSON.stringify(listing)};\nvar WPQ2SchemaData = {"Field":[{"Name":"FileLeafRef"}]};\n</script>`,
  );
  return {
    [key('https://mainecare.maine.gov/mhpviewer.aspx')]: page(s, html('MaineCare', '<a href="/PrvExclRpt/Forms/AllItems.aspx">Provider Exclusion Reports</a>')),
    [key('https://mainecare.maine.gov/PrvExclRpt/Forms/AllItems.aspx')]: page(s, body),
    [key(`https://mainecare.maine.gov/PrvExclRpt/${ME_FOLDERS[0].FileLeafRef}/PI0008-PM Monthly Exclusion Report.xlsx`)]: file(s, sampleOf(s).bytes, 'pdf'),
  };
}

export const WV_FOLDER = 'Provider Sanctioned Exclusion';
export const WV_PAGE = 'https://www.wvmmis.com/SitePages/Medicaid%20Provider%20SanctionedExclusion';

/** The landing page's RadGrid (a row per document, the folder in a hidden cell) and SharepointDownload, which wants the page as Referer. */
export function westVirginia(): PublisherRoutes {
  const s = 'state-wv';
  const docs = [sampleOf(s, 0), sampleOf(s, 1)];
  const rows = docs
    .map(
      (d, i) =>
        `<tr class="${i % 2 ? 'rgAltRow' : 'rgRow'}" id="ctl00_m_g_grid_ctl00__${i}"><td><a href="javascript:__doPostBack('ctl00$m$g_grid$ctl00$ctl0${i + 4}$lnkDocument','')">${d.name}</a></td><td>11/03/2026</td><td style="display:none;">${WV_FOLDER}</td></tr>`,
    )
    .join('');
  const grid = `<div class="RadGrid RadGrid_Default"><table class="rgMasterTable"><thead><tr><th class="rgHeader">Document</th><th class="rgHeader">Posted</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  const files = new Map(docs.map((d) => [d.name, file(s, d.bytes, 'pdf')]));
  return {
    [key(WV_PAGE)]: page(s, html('Medicaid Provider Sanctioned/Exclusion', grid)),
    [key('https://www.wvmmis.com/SharepointDownload')]: {
      source: s,
      kind: 'file',
      answer(req, ctx) {
        if (req.headers.referer !== WV_PAGE) return { status: 403, headers: { 'content-type': 'text/plain' }, body: 'Forbidden' };
        const found = req.query.get('parent') === WV_FOLDER ? files.get(req.query.get('docname') ?? '') : undefined;
        return found ? found.answer(req, ctx) : null;
      },
    },
  };
}

export const TX_VIEWSTATE = '/wEPDwUKMTY1NDU2MTA1Mg9kFgJmD2QWAgIDD2QWAgIBD2QWAmYPZBYCAgEPZBYCZg9kFgICAQ8PFgIeB1Zpc2libGVoZGQYAQUeX19Db250cm9sc1JlcXVpcmVQb3N0QmFja0tleV9fFgE=';
export const TX_EVENTVALIDATION = '/wEdAAOiQ3x1nNVb0yO6wUF7uAXFpL2sJq5Sm8tQ0T4nDdnLzOj1Jb3pHhkjQ4eGfQ==';
const TX_TARGET = 'dnn$ctr384$DownloadExclusionsFile$lb_DLoad_ExcFile_XLS';
const TX_SESSION = 'ASP.NET_SessionId';

/** The DOW page's form; a POST back downloads the .xls only with the page's __VIEWSTATE, __EVENTVALIDATION, the link button and the session cookie. */
export function texasRoutes(): PublisherRoutes {
  const s = 'state-tx';
  const xls = file(s, sampleOf(s).bytes, 'xls');
  const form = html(
    'Exclusions',
    `<form method="post" action="/oigportal2/Exclusions/ctl/DOW/mid/384" id="Form"><input type="hidden" name="__EVENTTARGET" id="__EVENTTARGET" value="" /><input type="hidden" name="__EVENTARGUMENT" id="__EVENTARGUMENT" value="" /><input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="${TX_VIEWSTATE}" /><input type="hidden" name="__VIEWSTATEGENERATOR" id="__VIEWSTATEGENERATOR" value="CA0B0334" /><input type="hidden" name="__EVENTVALIDATION" id="__EVENTVALIDATION" value="${TX_EVENTVALIDATION}" /><a id="dnn_ctr384_DownloadExclusionsFile_lb_DLoad_ExcFile_XLS" href="javascript:__doPostBack('${TX_TARGET}','')">Download Exclusions File (XLS)</a></form>`,
  );
  const formAnswer = (session?: string) => ({ headers: { 'content-type': 'text/html; charset=utf-8', ...(session ? { 'set-cookie': `${TX_SESSION}=${session}; path=/; HttpOnly` } : {}) }, body: form });
  return {
    [key('https://oig.hhsc.state.tx.us/oigportal2/Exclusions/ctl/ABO/mid/384')]: page(s, html('Exclusions', '<a href="/oigportal2/Exclusions/ctl/DOW/mid/384">Download the exclusion list</a>')),
    [key('https://oig.hhsc.state.tx.us/oigportal2/Exclusions/ctl/DOW/mid/384')]: {
      source: s,
      kind: 'file',
      async answer(req, ctx): Promise<PublisherAnswer | null> {
        if (req.method !== 'POST') return formAnswer('k3v0qg2fz1xq5d4lwm0ptn1e');
        const posted = new URLSearchParams(req.body);
        if (posted.get('__VIEWSTATE') !== TX_VIEWSTATE || posted.get('__EVENTVALIDATION') !== TX_EVENTVALIDATION) {
          return { status: 500, headers: { 'content-type': 'text/html' }, body: '<html><body><h2>Invalid postback or callback argument.</h2></body></html>' };
        }
        // No session or another button: ASP.NET renders the page again.
        if (!String(req.headers.cookie ?? '').includes(`${TX_SESSION}=`) || posted.get('__EVENTTARGET') !== TX_TARGET) return formAnswer();
        // The answer names the file, its as-of date in the name (the TX parser reads it there).
        const answer = await xls.answer(req, ctx);
        return answer && { ...answer, headers: { ...(answer.headers ?? {}), 'content-disposition': 'attachment; filename="TexasExclusionsData_2026_11_30.xls"' } };
      },
    },
  };
}
