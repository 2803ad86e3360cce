/**
 * Oregon: the items of a SharePoint list through its SOAP web service (Lists.asmx,
 * GetListItems), written as the CSV the parser reads (research/list-acquisition.md §2.2 Oregon).
 * Each item's `ows_URL` is "document URL, last name, first name".
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeEntities } from './links';
import { csvField, type Service } from './resolve';
import { PublisherError } from './web';

export const OR_LISTS_SERVICE = 'https://www.oregon.gov/oha/FOD/PIAU/_vti_bin/Lists.asmx';
export const OR_VIEW = '{9070D930-A5F7-4AFC-9EF4-943645B8E724}';

/** The GetListItems request of a list and view, attachments' URLs included. */
export function getListItemsRequest(listName: string, viewName: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
  <soap:Body>
    <GetListItems xmlns="http://schemas.microsoft.com/sharepoint/soap/">
      <listName>${listName}</listName>
      <viewName>${viewName}</viewName>
      <queryOptions><QueryOptions><IncludeAttachmentUrls>TRUE</IncludeAttachmentUrls></QueryOptions></queryOptions>
    </GetListItems>
  </soap:Body>
</soap:Envelope>`;
}

/** The rows' `ows_URL` values as CSV rows of last name, first name and document URL; null when the answer has no row. */
export function listItemsToCsv(xml: string): string | null {
  const rows: string[][] = [];
  for (const m of xml.matchAll(/<z:row\b([^>]*)\/?>/gi)) {
    const url = m[1].match(/\bows_URL\s*=\s*(?:"([^"]*)"|'([^']*)')/i);
    if (!url) continue;
    const [document, last, ...first] = decodeEntities(url[1] ?? url[2] ?? '').split(',').map((part) => part.trim());
    if (!last) continue;
    rows.push([last, first.join(', '), document]);
  }
  if (rows.length === 0) return null;
  return `${[['Last Name', 'First Name', 'Document URL'], ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

export const sharepointSoap: Service = async (recipe, ctx) => {
  const url = recipe.options?.url ?? OR_LISTS_SERVICE;
  const fileName = recipe.options?.fileName ?? 'list-items.csv';
  const answer = await ctx.web.page(url, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: 'http://schemas.microsoft.com/sharepoint/soap/GetListItems' },
    body: getListItemsRequest(recipe.options?.listName ?? 'Documents', recipe.options?.viewName ?? OR_VIEW),
  });
  // A block page or a moved site answers HTML (status 200), not the service's XML.
  if (/^\s*<(!doctype html|html)\b/i.test(answer.text) || /text\/html/i.test(answer.contentType)) {
    throw new PublisherError(`${url} answered a web page where its SOAP service gives XML: the service has changed, or a block page answered`);
  }
  const csv = listItemsToCsv(answer.text);
  if (csv === null) throw new PublisherError(`${url} gave no list items with a URL field (ows_URL): the list is empty, or its web service has changed`);
  const target = path.join(ctx.scratch, fileName);
  await writeFile(target, csv, 'utf8');
  return [{ kind: 'file', path: target, fileName }];
};
