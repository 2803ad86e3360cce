import { describe, expect, it } from 'vitest';
import { anchorsOf, findLink } from './links';

const page = `<html><head><base href="https://example.gov/docs/"></head><body>
<div about="/elsewhere"><a href="old.xlsx">Terminated Provider List</a></div>
<div about="/provider-termination"><p><a href='./files/Terminated%20List.xlsx' class=x>Terminated&nbsp;Provider   <b>List</b> (Excel)</a></p></div>
<a data-text="List of Excluded Individuals and Entities" href="/media/ga.xlsx">Download</a>
<a href="javascript:__doPostBack('x','')">Sanctions List</a>
<a href="/content/sanction-list-2026.XLSX?v=3">Provider Sanctions</a>
<a href="/a.pdf">Excel Version</a>
</body></html>`;

describe('link rules', () => {
  it('reads anchors with any quoting, entities and inner tags, in document order', () => {
    const anchors = anchorsOf(page);
    expect(anchors.map((a) => a.text)).toContain('Terminated Provider List (Excel)');
    expect(anchors[1].attributes.class).toBe('x');
  });

  it('follows the rule: text words, whole text, href pieces and ending, attributes, the element it sits in', () => {
    const url = 'https://example.gov/page.html';
    expect(findLink(page, url, { text: ['terminated provider list'], inside: { name: 'about', value: '/provider-termination' } })).toBe('https://example.gov/docs/files/Terminated%20List.xlsx');
    expect(findLink(page, url, { text: ['Terminated Provider List'] })).toBe('https://example.gov/docs/old.xlsx');
    expect(findLink(page, url, { attribute: { name: 'data-text', holds: 'List of Excluded Individuals' } })).toBe('https://example.gov/media/ga.xlsx');
    expect(findLink(page, url, { href: ['sanction-list', '.xlsx'] })).toBe('https://example.gov/content/sanction-list-2026.XLSX?v=3');
    expect(findLink(page, url, { hrefEnds: '.xlsx', text: ['sanctions'] })).toBe('https://example.gov/content/sanction-list-2026.XLSX?v=3');
    expect(findLink(page, url, { textIs: 'excel version' })).toBe('https://example.gov/a.pdf');
    // A script link is never a file.
    expect(findLink(page, url, { textIs: 'Sanctions List' })).toBeNull();
    expect(findLink(page, url, { text: ['no such words'] })).toBeNull();
  });
});
