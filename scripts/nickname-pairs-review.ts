/**
 * Lists the nickname relations of our table (src/engine/nicknames-data.ts, as `areNicknames` reads it)
 * that relate two names each common in the US in their own right, so the review of issue 52 ("Ian is
 * not John") is repeatable. A pair is listed when both names were given to more than MIN_BABIES US
 * babies in 1880-2023 by the SSA table in ../shared/data/name-frequencies (public domain, see its
 * SOURCE.txt) and the two are not spelling variants (edit distance ≤ 2, or the same phonetic key).
 * Such a pair is either a nickname/diminutive or English/Spanish form of one name (keep it), or two
 * names (remove it). Pairs already reviewed and kept are in REVIEWED_KEPT with the reason, and are
 * counted, not listed, unless --all. Usage:
 *   npx tsx scripts/nickname-pairs-review.ts [--all] [--min N]
 * Prints "skipped" when the SSA table is not on this machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as data from '../src/engine/nicknames-data';
import { areNicknames, relatedNames } from '../src/engine/nicknames';
import { phoneticKey } from '../src/engine/phonetic';
import { boundedEditDistance } from '../src/engine/string-distance';

const args = process.argv.slice(2);
const showAll = args.includes('--all');
const MIN_BABIES = args.includes('--min') ? Number(args[args.indexOf('--min') + 1]) : 20_000;

const ssa = new URL('../../shared/data/name-frequencies/ssa-national-1880-2023/ssa_national_1880_2023_name_sex_count.csv', import.meta.url).pathname;
if (!existsSync(ssa)) {
  console.log(`skipped: ${ssa} is not on this machine`);
  process.exit(0);
}

/**
 * Pairs reviewed under issue 52 and kept, by reason: one person is plausibly recorded under both names
 * in US records. "a/b" in alphabetical order. The pairs removed in that review are named in the
 * commit and tested in src/engine/nicknames.test.ts; a pair that shows up as TO REVIEW is new.
 */
const REVIEWED_KEPT_TEXT: Record<string, string> = {
  'a nickname or diminutive of the other, or two nicknames of one name that start alike': `
    abbie/abigail abby/abigail addie/adelaide addie/adeline addie/addison addie/adrienne adelaide/della
    adelaide/adele alberta/allie alberta/bert alec/alexander alex/alexander alex/alexandra
    alex/alexandria alexa/alexandra alexander/sandy alexander/zander alexander/xander alexander/sasha
    alexandra/sandy alexandra/sasha alexandra/lexi alfred/freddie alfred/freddy alicia/allie alisa/allie
    alison/allie allie/allison allie/alyson alonzo/lonnie amelia/millie anastasia/stacy anastasia/tasha
    anastasia/stacey anderson/andy andrea/andy andrew/andy angela/angie angelica/angie angelina/angie
    angeline/angie angie/evangeline annabelle/bella annette/annie annette/nettie anthony/tony
    antoinette/toni antoinette/nettie antoinette/tony antonia/toni antonia/tony arabella/bella
    barbara/bobbie becky/rebecca belinda/bella bella/isabel bella/isabella ben/bennett ben/benjamin
    benjamin/benny benjamin/bennie bennett/benny bert/delbert bert/gilbert bert/herbert bert/norbert
    bessie/elizabeth bessie/beth bessie/betty bessie/betsy beth/elizabeth beth/bettie beth/bethany
    betsy/elizabeth betsy/bettie bettie/elizabeth betty/elizabeth bill/william billy/william bob/robert
    bobbie/robert bobbie/roberta bobby/robert brad/bradley brad/bradford callie/caroline callie/carol
    callie/carolyn camille/millie candace/candy candice/candy carl/carlton carol/carrie carol/caroline
    caroline/carrie carolyn/carrie cassandra/cassie cassandra/sandy catherine/cathy catherine/kate
    catherine/katie catherine/kathy catherine/kay catherine/katy cathleen/katy cathleen/cathy
    cathy/kathleen charlie/charlotte charlotte/lottie cheri/sheryl cherie/sheryl chris/christian
    chris/christina chris/christine chris/kristine chris/christopher chris/crystal chris/kristen
    christina/christy christina/tina christina/kristy christina/kris christine/christy christine/tina
    christine/kristy christine/kris christy/kristine cindy/cynthia cindy/lucinda clay/clayton
    connie/constance connie/cornelia connie/cornelius cornelia/nellie dan/daniel daniel/danny
    danielle/danny debbie/deborah debbie/debra debbie/debora dee/delores dee/dolly dee/dolores dee/diana
    dee/diane dee/dianna della/delores delores/dolly dick/richard dolly/dolores dolly/dorothy dolly/dora
    dolly/dorothea dominic/nick dominick/nick don/donald don/donovan donald/donnie donnie/donovan
    doug/douglas ed/edgar ed/edmund ed/edmond ed/edward ed/edwin eddie/edgar eddie/edmund eddie/edmond
    eddie/edward edmund/ted edward/ted edward/teddy eleanor/ellie eleanor/nell eleanor/nellie
    eleanor/nora elena/ellie eli/elijah eli/elisha elinor/ellie elisa/elizabeth elisa/ellie
    eliza/elizabeth eliza/ellie elizabeth/lizzie elizabeth/ellie ellen/nell ellen/nellie ellie/helen
    ellie/helene emily/millie eric/ricky ernestine/tina essie/esther etta/henrietta etta/rosetta
    etta/loretta eugenia/gene eva/evangeline faith/fay florence/flossie frances/frankie
    francesca/frankie francis/frank frank/franklin fred/frederick fred/fredrick fred/wilfred
    fred/winifred freddie/frederick freddie/fredrick freddie/winifred freddy/frederick freddy/fredrick
    geoffrey/jeff gerald/jerry gerald/gerry geraldine/jerry geraldine/gerry gerard/jerry gertrude/trudy
    ginger/virginia greg/gregory gregg/gregory gwen/gwendolyn gwendolyn/wendy harold/harry
    harriet/hattie harrison/harry helen/nell helen/nellie helena/nell helena/nellie henrietta/nettie
    jackie/jacqueline jacob/jake james/jim james/jimmy james/jimmie jan/janette jan/janice janet/nettie
    jeanette/nettie jeff/jeffrey jeff/jeffery jeff/jefferson jennifer/jenny jerald/jerry jeremiah/jerry
    jerome/jerry jess/jessica jill/jillian jo/joann jo/joanne jo/joanna jo/johanna jo/josephine
    jo/jolene joann/jody joanna/jody joanna/jodi joanne/jody jody/johanna jody/josephine joe/joseph
    joe/josiah joey/joseph joey/josephine jon/jonathan jon/jonathon josephine/josie judith/judy
    kate/katherine kate/kathryn kate/katharine kate/kathleen katharine/katie katharine/kathy
    katharine/kay katharine/katy katherine/katie katherine/kathy katherine/kay katherine/katy
    kathleen/kathy kathleen/kay kathleen/katie kathleen/katy kathryn/katie kathryn/kay kathryn/katy
    katie/kay ken/kenneth ken/kendall ken/kendrick kendall/kenny kendrick/kenny kenneth/kenny
    kenzie/mackenzie kim/kimberly kim/kimberley king/kingston kirsten/kris kris/kristina kris/kristine
    kris/kristen kris/kristin kristina/kristy kristine/tina kristine/kristy larry/lawrence
    larry/laurence laurence/laurie laurie/lawrence lea/leanne leanne/lee lee/leroy lee/leland
    leo/leonard leo/lionel leo/leonardo lewis/lou lewis/louie lillian/lily lillian/lilly lisa/lizbeth
    lizbeth/lizzie lorena/lori loretta/lorie lori/lorraine lorie/lorraine lou/louisa lou/louise
    lou/lucille lou/lucinda lucas/luke lucile/lucy lucille/lucy lucinda/lucy mack/mackenzie
    madison/mattie mae/molly mae/maria mae/mollie mae/minnie maggie/margaret maggie/molly maggie/margo
    maggie/marjorie maggie/marguerite mamie/mary mamie/molly mamie/mollie mamie/minnie mandy/miranda
    marcella/marcy margaret/peggy margaret/margie margaret/molly margaret/margo margaret/marjorie
    margarita/rita margarita/margo margie/molly margie/marjorie margie/marguerite margo/molly
    margo/marjorie marguerite/peggy maria/molly maria/mollie maria/minnie maria/may marie/molly
    marie/mollie marie/minnie marie/may marjorie/molly martha/mattie marty/mattie mary/polly mary/molly
    mary/mollie mary/minnie mathew/matt matilda/mattie max/maxwell may/molly may/mollie may/minnie
    melinda/mindy michael/mike michael/mickey micheal/mike michele/mickey michelle/shelly
    michelle/mickey michelle/shelley mildred/millie minnie/molly minnie/mollie miranda/randy
    miranda/randi natalie/nettie nell/nora nellie/nora nicholas/nick nichole/nikki nick/nicolas
    nick/nikolas nicole/nikki oliver/ollie olivia/ollie pam/pamela pat/patricia pat/patrick
    patricia/patty patricia/patsy patricia/trisha patricia/patti patrick/patsy pauline/polly
    penelope/penny phil/phillip rachael/rae rachel/rae randall/randy randolph/randy ray/raymond
    reba/rebecca reginald/rex richard/rick richard/ricky rick/roderick robbie/robert robbie/roberta
    ron/ronald ronald/ronnie rosalie/rose rosalind/rosie rosalyn/rose rose/rosemary rose/rosetta
    rosemary/rosie rudolph/rudy sadie/sarah sadie/sally sadie/sara sallie/sarah sally/sarah sally/sara
    sam/samantha sam/samuel samantha/sammie samantha/sammy sammy/samuel sandy/sasha sheldon/shelly
    stephan/steve stephan/stevie stephanie/stevie stephen/steve stephen/stevie sue/susan sue/suzanne
    susie/suzanne tamara/tammy ted/theodore teddy/theo teddy/theodore terence/terry teresa/terry
    terrance/terry terrence/terry terry/theresa terry/tessa tessa/theresa theo/theodore thomas/tom
    thomas/tommy tim/timothy timmy/timothy tobias/toby tori/victoria ty/tyler vicki/victoria
    vickie/victoria vicky/victoria virgie/virginia wilbur/will wilbur/willie wilfred/will wilfred/willie
    will/william will/willard winifred/winnie winnie/winston
  `,
  'the English and Spanish forms one person uses, or the English nickname of the Spanish form': `
    agnes/inez alec/alejandro alejandro/alexander alejandro/alex francisco/frank francisco/frankie
    guillermo/william larry/lorenzo laurie/lorenzo carlos/charlie miguel/mike lou/luis ricardo/rick
    ricardo/ricky guadalupe/lupe delores/lola dolores/lola
  `,
  'doubtful, kept: an old or less usual diminutive, but one a person with the formal name is still recorded under': `
    aaron/ronnie aron/ronnie ada/adelaide ada/adeline adelaide/delia adeline/delia adeline/lena
    helen/lena lena/madeline martha/patty martha/patsy matilda/patty margaret/rita marguerite/rita
    theresa/tracy theresa/traci theresa/tracie elizabeth/lisa lisa/melissa elizabeth/elsa
    elizabeth/elsie caroline/lynn carolyn/lynn linda/lynn lynn/melinda genevieve/jenny janet/jenny
    janette/jenny jeanette/jenny jean/jeanette dora/dorothy dora/dorothea ella/helen ella/helena
    ella/helene ella/gabrielle ella/gabriella ella/marcella eleanor/ella elinor/ella ellen/helena
    drew/woodrow connie/conrad claire/clarissa clara/clarissa clare/clarissa ronnie/veronica
    laurie/lorraine eli/elliott kendrick/rick frederick/rick christian/christy christopher/christy
    ana/anastasia darla/darlene will/wilson willie/wilson bill/willis
  `,
  'doubtful, kept: a short form that became a name of its own, but people with the formal name go by it (unlike Ian, Sean or Heidi, which are other names)': `
    liam/william nathan/nathaniel jack/john jack/johnny jack/jon jack/johnnie jackie/john jackie/johnny
    jackie/jon jackie/johnnie jack/jakob jack/jackson jo/joseph jody/joseph
  `,
};
const REVIEWED_KEPT: Record<string, string> = {};
for (const [reason, pairs] of Object.entries(REVIEWED_KEPT_TEXT)) for (const pair of pairs.split(/\s+/).filter(Boolean)) REVIEWED_KEPT[pair] = reason;

const babies = new Map<string, number>();
for (const line of readFileSync(ssa, 'utf8').split('\n').slice(1)) {
  const [name, , count] = line.split(',');
  if (!name) continue;
  const key = name.toLowerCase();
  babies.set(key, (babies.get(key) ?? 0) + Number(count));
}

const texts: Record<string, string> = {
  NICKNAME_GROUPS_TEXT: data.NICKNAME_GROUPS_TEXT,
  NAME_VARIANT_GROUPS_TEXT: data.NAME_VARIANT_GROUPS_TEXT,
  SPANISH_GROUPS_TEXT: data.SPANISH_GROUPS_TEXT,
  MORE_GROUPS_TEXT: data.MORE_GROUPS_TEXT,
  GENEALOGY_GROUPS_TEXT: data.GENEALOGY_GROUPS_TEXT,
  PUBLIC_GROUPS_TEXT: data.PUBLIC_GROUPS_TEXT,
};
/** name → the groups (section and line) that hold it, to say which line makes a relation. */
const linesOf = new Map<string, string[]>();
for (const [section, text] of Object.entries(texts)) {
  for (const line of text.split('\n')) {
    const names = [...new Set(line.trim().split(/\s+/).filter(Boolean))];
    if (names.length < 2) continue;
    for (const n of names) {
      const list = linesOf.get(n) ?? [];
      list.push(`${section.replace('_GROUPS_TEXT', '')}: ${names.join(' ')}`);
      linesOf.set(n, list);
    }
  }
}

const isVariant = (a: string, b: string): boolean => boundedEditDistance(a, b, 2) <= 2 || phoneticKey(a) === phoneticKey(b);

let related = 0;
let common = 0;
let kept = 0;
const listed: string[] = [];
for (const a of [...linesOf.keys()].sort()) {
  for (const b of relatedNames(a)) {
    if (b < a) continue;
    if (!areNicknames(a, b)) throw new Error(`relatedNames and areNicknames disagree on ${a}/${b}`);
    related++;
    const na = babies.get(a) ?? 0;
    const nb = babies.get(b) ?? 0;
    if (na <= MIN_BABIES || nb <= MIN_BABIES || isVariant(a, b)) continue;
    common++;
    const key = `${a}/${b}`;
    if (REVIEWED_KEPT[key] && !showAll) {
      kept++;
      continue;
    }
    const shared = linesOf.get(a)!.filter((l) => linesOf.get(b)!.includes(l));
    listed.push(`${key.padEnd(24)} ${String(na).padStart(9)} ${String(nb).padStart(9)}  ${REVIEWED_KEPT[key] ? `kept: ${REVIEWED_KEPT[key]}` : 'TO REVIEW'}\n    ${shared.join('\n    ')}`);
  }
}
console.log(`${related} related pairs; ${common} of two names each given to more than ${MIN_BABIES} US babies and not spelling variants`);
console.log(`${kept} of those reviewed and kept (REVIEWED_KEPT in this script; --all lists them too); ${listed.length} listed:`);
for (const l of listed) console.log(l);
