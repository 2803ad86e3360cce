/** Nickname relations built once from our own table: which given names are the same name. */
import { GENEALOGY_GROUPS_TEXT, MORE_GROUPS_TEXT, OTHER_GIVEN_NAMES_TEXT, NAME_VARIANT_GROUPS_TEXT, NICKNAME_GROUPS_TEXT, PUBLIC_GROUPS_TEXT, SPANISH_GROUPS_TEXT } from './nicknames-data';

const EMPTY: readonly number[] = Object.freeze([]);

interface NicknameTable {
  /** token → ids of the groups it belongs to (sorted). */
  groupsOf: Map<string, number[]>;
  /** group id → its names, formal name first. */
  groups: string[][];
}

function parseGroups(): NicknameTable {
  const groupsOf = new Map<string, number[]>();
  const groups: string[][] = [];
  for (const text of [NICKNAME_GROUPS_TEXT, MORE_GROUPS_TEXT, GENEALOGY_GROUPS_TEXT, NAME_VARIANT_GROUPS_TEXT, SPANISH_GROUPS_TEXT, PUBLIC_GROUPS_TEXT]) {
    for (const line of text.split('\n')) {
      const names = [...new Set(line.trim().split(/\s+/).filter(Boolean))];
      if (names.length < 2) continue;
      const id = groups.length;
      groups.push(names);
      for (const name of names) {
        const list = groupsOf.get(name);
        if (list) list.push(id);
        else groupsOf.set(name, [id]);
      }
    }
  }
  return { groupsOf, groups };
}

const TABLE = parseGroups();
const OTHER_GIVEN_NAMES = new Set(OTHER_GIVEN_NAMES_TEXT.split(/\s+/).filter(Boolean));

/** Ids of the nickname groups a normalised given name belongs to. */
export function nicknameGroupsOf(token: string): readonly number[] {
  return TABLE.groupsOf.get(token) ?? EMPTY;
}

/**
 * True when two different given names are nicknames/variants of one another: one is the
 * formal name of a group the other belongs to, or both are forms in one group that start
 * alike (Bob/Bobby). John and Nathan, both short for Jonathan, stay unrelated.
 */
export function areNicknames(a: string, b: string): boolean {
  if (a === b) return false;
  const ga = TABLE.groupsOf.get(a);
  const gb = TABLE.groupsOf.get(b);
  if (!ga || !gb) return false;
  // Both lists are short and ascending: a merge walk is cheaper than a Set.
  for (let i = 0, j = 0; i < ga.length && j < gb.length; ) {
    if (ga[i] === gb[j]) {
      const head = TABLE.groups[ga[i]][0];
      if (head === a || head === b || a.charCodeAt(0) === b.charCodeAt(0)) return true;
      i++;
      j++;
    } else if (ga[i] < gb[j]) i++;
    else j++;
  }
  return false;
}

/** All names related to a given name (excluding itself), in table order. */
export function relatedNames(token: string): string[] {
  const ids = TABLE.groupsOf.get(token);
  if (!ids) return [];
  const out = new Set<string>();
  for (const id of ids) for (const name of TABLE.groups[id]) if (name !== token && areNicknames(token, name)) out.add(name);
  return [...out];
}

/** True when the token is a given name our table knows (used to tell typos from other names). */
export function isKnownGivenName(token: string): boolean {
  return TABLE.groupsOf.has(token) || OTHER_GIVEN_NAMES.has(token);
}

/** Size of the table, for reports: groups and distinct names. */
export function nicknameTableStats(): { groups: number; names: number } {
  return { groups: TABLE.groups.length, names: TABLE.groupsOf.size };
}
