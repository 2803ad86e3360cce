/** Company facts shown in the footer and on the information pages. */
export const COMPANY = {
  name: 'Clearlist, Inc.',
  street: '100 Summer Street, Suite 1600',
  city: 'Boston, MA 02110',
  supportEmail: 'support@clearlist.com',
  privacyEmail: 'privacy@clearlist.com',
} as const;
