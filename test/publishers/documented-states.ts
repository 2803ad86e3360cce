/**
 * The publishers of the states whose layout is known only from the research (list-acquisition.md
 * §2.1, §2.2): Missouri's relative link found by its href, New Hampshire's link text, Nevada's
 * whole link text, Minnesota's document page with its two files, Oregon's SharePoint SOAP
 * service (its items made from the sample's rows), DC's page that is itself the list.
 */
import { OR_LISTS_SERVICE } from '#server/lists/acquire/sharepoint-soap';
import { DC_PAGE, MN_DOCUMENT } from '#server/lists/acquire/states';
import { file, html, key, page, sampleOf } from './route-kit';
import type { PublisherRoutes } from './types';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The sample's rows as GetListItems' z:row elements, "URL, last, first" in ows_URL; every second row in `half` mode. */
function oregonItems(half: boolean): string {
  const [, ...lines] = sampleOf('state-or').bytes.toString('utf8').trim().split(/\r?\n/);
  const rows = lines.filter((_, i) => !half || i % 2 === 0).map((line, i) => {
    const [last, first, url] = line.split(',');
    return `<z:row ows_ID="${i + 1}" ows_LinkFilename="${escapeXml(`${last}-${first}.pdf`)}" ows_URL="${escapeXml(`${url}, ${last}, ${first}`)}" />`;
  });
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><GetListItemsResponse xmlns="http://schemas.microsoft.com/sharepoint/soap/"><GetListItemsResult><listitems xmlns:rs="urn:schemas-microsoft-com:rowset" xmlns:z="#RowsetSchema"><rs:data ItemCount="${rows.length}">${rows.join('')}</rs:data></listitems></GetListItemsResult></GetListItemsResponse></soap:Body></soap:Envelope>`;
}

export function documentedStateRoutes(): PublisherRoutes {
  const mo = 'https://mmac.mo.gov/providers/provider-sanctions/';
  const nh = 'https://www.dhhs.nh.gov/programs-services/medicaid/medicaid-provider-relations';
  const nv = 'https://www.omig.nv.gov/provider-enrollment--termination/provider-exclusions-sanctions-and-press-releases/';
  const [mnGroup, mnIndividual] = [sampleOf('state-mn', 0), sampleOf('state-mn', 1)];
  return {
    [key(mo)]: page('state-mo', html('Provider Sanctions', '<a href="/media/pdf/provider-sanction-list">Sanction list (PDF)</a> <a href="../../media/Provider-Sanction-List-2026-11.XLSX">Provider Sanctions (Excel)</a>')),
    [key('https://mmac.mo.gov/media/Provider-Sanction-List-2026-11.XLSX')]: file('state-mo', sampleOf('state-mo').bytes, 'xlsx'),
    [key(nh)]: page('state-nh', html('Medicaid Provider Relations', '<a href="/sites/g/files/provider-enrollment.pdf">Provider enrollment</a> <a href="/sites/g/files/ehbemt476/files/documents/nh-exclusion-sanctions.xlsx"><span>NH Medicaid Provider Exclusion and Sanctions List</span></a>')),
    [key('https://www.dhhs.nh.gov/sites/g/files/ehbemt476/files/documents/nh-exclusion-sanctions.xlsx')]: file('state-nh', sampleOf('state-nh').bytes, 'xlsx'),
    [key(nv)]: page('state-nv', html('Provider Exclusions', '<a href="/uploadedFiles/press/NV-Exclusion-List-Archive.pdf">NV Exclusion List Archive</a> <a href="/uploadedFiles/NV-Exclusion-List.pdf">  NV   Exclusion\n List </a>')),
    [key('https://www.omig.nv.gov/uploadedFiles/NV-Exclusion-List.pdf')]: file('state-nv', sampleOf('state-nv').bytes, 'pdf'),
    [key(MN_DOCUMENT)]: page('state-mn', html('DHS-295094', '<a href="/main/groups/ind.xlsx"><span>MHCP Excluded Individual Providers</span></a> <a href="/main/groups/grp.xlsx"><span>MHCP Excluded Group Providers</span></a>')),
    [key('http://www.dhs.state.mn.us/main/groups/ind.xlsx')]: file('state-mn', mnIndividual.bytes, 'xlsx'),
    [key('http://www.dhs.state.mn.us/main/groups/grp.xlsx')]: file('state-mn', mnGroup.bytes, 'xlsx'),
    [key(OR_LISTS_SERVICE)]: {
      source: 'state-or',
      kind: 'file',
      answer: (req, ctx) =>
        req.method === 'POST' && /GetListItems/.test(req.body ?? '') ? { headers: { 'content-type': 'text/xml; charset=utf-8' }, body: oregonItems(ctx.failure === 'half') } : { status: 500, headers: { 'content-type': 'text/xml' }, body: '<soap:Fault>Server was unable to process request.</soap:Fault>' },
    },
    [key(DC_PAGE)]: file('state-dc', sampleOf('state-dc').bytes, 'html'),
  };
}
