import { describe, expect, it } from 'vitest';
import { getListItemsRequest, listItemsToCsv } from './sharepoint-soap';

describe("Oregon's SharePoint list (GetListItems)", () => {
  it('asks for the list and view with attachment URLs', () => {
    const body = getListItemsRequest('Documents', '{9070D930-A5F7-4AFC-9EF4-943645B8E724}');
    expect(body).toContain('<GetListItems xmlns="http://schemas.microsoft.com/sharepoint/soap/">');
    expect(body).toContain('<listName>Documents</listName>');
    expect(body).toContain('<viewName>{9070D930-A5F7-4AFC-9EF4-943645B8E724}</viewName>');
    expect(body).toContain('<IncludeAttachmentUrls>TRUE</IncludeAttachmentUrls>');
  });

  it('writes each row\'s ows_URL "URL, last, first" as a CSV row, entities decoded, rows without a name left out', () => {
    const xml = `<listitems><rs:data ItemCount="3">
      <z:row ows_ID="1" ows_URL="https://www.oregon.gov/oha/doc/a.pdf, O&apos;Neil, Mary Ann" />
      <z:row ows_ID="2" ows_URL='https://www.oregon.gov/oha/doc/b.pdf, Smith, John, Jr' />
      <z:row ows_ID="3" ows_Title="no url" />
      <z:row ows_ID="4" ows_URL="https://www.oregon.gov/oha/doc/c.pdf" />
    </rs:data></listitems>`;
    expect(listItemsToCsv(xml)).toBe('"Last Name","First Name","Document URL"\r\n"O\'Neil","Mary Ann","https://www.oregon.gov/oha/doc/a.pdf"\r\n"Smith","John, Jr","https://www.oregon.gov/oha/doc/b.pdf"\r\n');
    expect(listItemsToCsv('<soap:Fault>Server was unable</soap:Fault>')).toBeNull();
  });
});
