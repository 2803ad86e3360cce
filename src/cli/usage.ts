/** What each command takes, printed by `clearlist <command> --help` and on a usage error. */

export const LISTS_USAGE = `Usage:
  clearlist lists import <source> <file…> [--json] [--mode full|incremental]
  clearlist lists status [--json]
  clearlist lists update [<source>…] [--json]
  clearlist lists sources [--json]`;

export const BILLING_USAGE = 'Usage: clearlist billing run [--date YYYY-MM-DD] [--json]';

export const SCREEN_USAGE = `Usage:
  clearlist screen <file.csv> --map "<Column>=<target>,…" [--out results.csv] [--threshold 0.8] [--algorithm Fuzzy|Exact] [--workers 2]
    targets: first, middle, last, business (or company), dob, npi, ssn, ein, state, city, postal (or zip)
    e.g. --map "First Name=first,Last Name=last,DOB=dob,NPI=npi"
  A row with a person name is screened as a person, else with a business name as a business,
  else by its NPI or SSN alone. Output: one CSV line per hit (row = data row number, 1 = the
  first row under the header), and one line for each row whose values had problems.`;

export const MATCH_USAGE = `Usage:
  clearlist match "<query>" "<candidate>" [--type person|business] [--threshold 0.8] [--algorithm Fuzzy|Exact] [--json]
  clearlist match --pairs <file.jsonl|-> [--threshold 0.8] [--algorithm Fuzzy|Exact]
    each input line: {"a": "...", "b": "...", "type": "person"|"business"}
    each output line: the same object plus "score" and "match", in input order.
`;
