/** A recorded list error said in words an operator acts on (the Lists page, the failure mail; ADR 049). */

interface Rule {
  test: RegExp;
  words: string;
}

// Network failures first: they say the server cannot reach the publisher at all.
const NETWORK = /ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|ECONNREFUSED|ECONNRESET|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|fetch failed|^could not reach |^no answer from /;

// The recipe engine's own messages (acquire/: web.ts, resolve.ts, fetch-plan.ts, federal.ts) are
// already in words and name what to do; they are shown as they are, only capitalised.
const RECIPE_WORDS = /^([^\s:]+\.[a-z0-9]+: )?(the publisher answered |the page \S+ no longer links |could not reach |no answer from |SAM\.gov's file listing |cannot tell a file name from |https?:\/\/\S+ (answered|gave) |licensed: |no download recipe yet|the publisher has published nothing newer)/i;

const RULES: Rule[] = [
  { test: /ENOTFOUND|EAI_AGAIN/, words: "The publisher's address could not be looked up: this server may have no internet access (or no DNS)." },
  { test: /ENETUNREACH|EHOSTUNREACH/, words: 'The network is unreachable from this server: it may have no internet access.' },
  { test: /ECONNREFUSED/, words: "The publisher's server refused the connection: it may be down, or a firewall blocks it." },
  { test: /ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|no data from .* for/, words: 'The publisher did not answer in time; the next check tries again.' },
  { test: /ECONNRESET|truncated download/, words: 'The download stopped half-way; the next check tries again.' },
  { test: /HTTP 404/, words: 'The file is not published at this address (yet): check LIST_URLS, or wait for the next publication.' },
  { test: /HTTP 40[13]/, words: 'The publisher refused access: the key or address in the configuration may be wrong or expired.' },
  { test: /HTTP 5\d\d/, words: "The publisher's server had an error; the next check tries again." },
  { test: /SAM_API_KEY/, words: 'SAM.gov needs an API key: set SAM_API_KEY (or a sam entry in LIST_URLS).' },
  { test: /header|layout|not an? .* file|expected/i, words: 'The file is not in the layout this list is published in: it may be another list, or the publisher changed its format.' },
  { test: /no readable record|holds no list file|empty/i, words: 'The file holds no records that could be read.' },
  { test: /incremental file needs an active version/, words: 'An update file needs the full list first: upload the full file, then the update.' },
  { test: /interrupted/, words: 'The check was interrupted before it finished; check again.' },
];

export function describeListError(message: string): string {
  // A download's messages may start with its file name ("sam.zip: the publisher answered 404 …").
  if (RECIPE_WORDS.test(message)) return /^[^\s:]+\.[a-z0-9]+: /i.test(message) ? message : message.charAt(0).toUpperCase() + message.slice(1);
  return RULES.find((rule) => rule.test.test(message))?.words ?? message;
}

/** The error says the server could not reach the publisher over the network. */
export function isNetworkError(message: string): boolean {
  return NETWORK.test(message);
}
