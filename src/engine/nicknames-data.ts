/**
 * Clearlist's own table of English given names and their nicknames, diminutives and
 * common spelling variants, compiled by the team (not copied from any public table).
 * One group per line: the first word is the formal name, the rest are names people use
 * for it. A nickname may sit in several groups (Bill: William and Robert's old rhyming
 * form is not here, but Al is under Albert, Alfred, Alan…); two names are related only
 * when they share a group, so Albert and Alfred stay unrelated.
 *
 * Every group, here and in the sections below, follows one rule (issue 52): two names are related only
 * when one person is plausibly recorded under both in US records: a nickname or diminutive (Bob/Robert,
 * Peggy/Margaret), a spelling variant of the same name (Jon/John, Steven/Stephen), or the forms one
 * person uses in English and in Spanish (Jose/Joseph). A cognate from another language or a name
 * derived from another that is a given name in its own right in the US is another name and is not
 * here: Ian, Sean, Evan, Ivan, Hans and Jan are not John, Nancy is not Agnes or Ann, Heidi is not
 * Adelaide, Gail is not Abigail, Sandra is not Alexandra, Megan and Greta are not Margaret, Shane is
 * not Sean, Jonathan is not John. scripts/nickname-pairs-review.ts lists the pairs of two common US
 * names that remain, with the reason each was kept.
 */
export const NICKNAME_GROUPS_TEXT = `
aaron ron ronnie ronny aron
abel abe
abner ab abbie
abraham abe abram bram abie
abigail abby abbie abbey nabby
absalom ab abbie
ada addie adah
adam ad
adelaide addie adela della ada delia
adeline addie ada aline lina adaline adelina
adolph adolf dolph ad
adrian adrien ade
adrienne adriana adrianna adriane
agatha aggie
agnes aggie nessa nessie
albert al bert bertie albie
alberta allie bert bertie
alexander al alex alec alek lex sandy sander zander xander sasha alejandro alastair alistair
alexandra alex alexa sandy sasha lexi lexie alix
alfred al alf alfie fred freddie freddy
alfreda freda freddie alfie
alice allie ally alicia alisa alyce
alison allison allie ally alyson
allen al alan allan alen
alonzo lon lonnie lonzo al alphonso
alphonso al alfie fonzie lonzo alfonso phonso
alvin al vin vinny alvan
amanda mandy manda mandie
amelia millie mel milly
amos amos
andrew andy drew andre andreas
andrea andie drea
angela angie angel
angela angelina
angelina angie lina angela
ann anne annie nan nanny anna
anna ann anne annie nan nanny
annette annie nettie
anthony tony ant anton antony
antoinette toni netty nettie toinette
archibald archie arch baldy
arnold arnie arne
arthur art artie arty
augustine gus austin augie
augustus gus augie august
augusta gussie gus aggie gusta
barbara barb barbie babs bobbie bab
barnabas barney barnaby
bartholomew bart bat bartie
beatrice bea bee trixie beattie
belinda belle bella
benedict ben bennett benny dick
benjamin ben benny benji bennie benjy
bernard bernie barney berny
bertha bertie berta birdie
bertram bert bertie
beverly bev
blanche blanch
bradley brad
brenda bren
brian bryan
bridget biddy bridie brigid bridgette bridgett bree
calvin cal vin
cameron cam
camille cammie millie
candace candy candice
carl karl
carlos charlie
carol carrie carole caroline
caroline carrie carol lynn caddie callie carolyn lina
carolyn carrie carol lynn carolyn
catherine cathy kate katie kathy kat kitty cat cate kay katy cathryn catharine katherine kathryn katharine kittie
cecilia cissy cece celia sissy cecily
charles charlie chuck chas chaz chip chick chaz
charlotte lottie charlie lotta tottie lotty
chester chet
christian chris kit christy
christina chris chrissy christy tina kristy kris kristina christine kristine xina
christine chris chrissy christy tina kristy kris
christopher chris kit topher christy kristopher cris
clara clare claire clarissa
clarence clair
clement clem
clifford cliff
clifton cliff
columbus lum
conrad connie con
constance connie
cornelia nelly nellie connie cornie
cornelius con connie corny neely niel
curtis curt
cynthia cindy cyndi cynth
cyrus cy
daniel dan danny dannie
danielle dani danny
darlene darla
david dave davy davey davie dai
deborah deb debbie debby debra
delbert del bert dell
delores lola lolly dee dolly dolores
dennis denny dennie
diana di dee diane dianna di
dominic dom nick nic dominick
donald don donnie donny
dorothy dot dottie dolly dora dorothea dotty
douglas doug
earnest ernie ernest
ebenezer eben eb
edgar ed eddie eddy ned
edith edie edye
edmund ed eddie ned ted edmond
edward ed eddie eddy ned ted teddy ward
edwin ed eddie ned win
elbert al bert el elbie
eleanor ellie nell nellie nora elle leonora ella elly elinor
elias eli lias
elijah eli lige
elisha eli lish
elizabeth liz lizzie lizzy beth betty betsy bess bessie eliza libby lisa liza elisa betsey lizbeth ellie bettie ilse lib
elizabeth elsa
elizabeth elsie
ellen nell nellie ella ellie
elmer el elm
elvira elvie vi
emeline emma em emmy
emily em emmy millie emmie
emma em emmy emmie
ephraim eph
eric rick ricky erik
ernest ernie
esther essie hetty hester
eugene gene
eugenia gene genie
eunice nicie
eustace stacy
evangeline eva vangie angie
evelyn evie lyn eveline
ezekiel zeke
ezra ez
felicia fee liss
ferdinand ferdie fred freddie
florence flo flossie
frances fran fanny frankie franny francie
francis frank fran frankie franky francisco
franklin frank frankie
frederick fred freddie freddy fritz rick fredrick frederic
frederica freda freddie rica
gabriel gabe gabby
gabrielle gabby ella brie
geoffrey jeff geoff jeffrey jeffery
george georgie geo jorge
georgia georgie
gerald jerry gerry jere
geraldine jerry gerry
gerard jerry gerry
gertrude gertie trudy trudie
gilbert gil bert bertie
gloria glory
gregory greg gregg
gustave gus gustav
gwendolyn gwen wendy
hannah nan hanna
harold hal harry
harriet hattie hatty
helen nell nellie ella ellie lena
henrietta etta hettie nettie hank henny
henry hank harry hal hen hennie
herbert herb bert herbie
herman herm
hezekiah hez kiah
horace horry
howard howie
hubert bert hub
hugh hugo hughie
hugo hugh
ignatius iggy nace
irene rena
isaac ike zack izaak
isabel izzy bella belle isa ibby isabelle isabella
isabella izzy bella belle isa isabel
isadora dora izzy
isaiah ike
jacob jake jack coby jakob
jacqueline jackie jacky jacque
james jim jimmy jamie jem jimbo jas jimmie
jane jenny janie jan jean jennie jayne
janet jan jenny nettie janette
jeanette jean nettie jenny
jeffrey jeff geoff
jennifer jen jenny jenn jennie
jeremiah jerry jem jeremy
jeremy jerry jem
jerome jerry
jessica jess jessie
joan jo joanie jody joann joanne
joanna jo joanie jody johanna joanne
john jack johnny jon jonny jock johnnie jackie
jonathan jon jonny jonathon
joseph joe joey jo jos jody
josephine jo joey fifi jody
josephine josie
joshua josh
josiah joe josh
judith judy
julia julie jules
julian jules
julius jules
june junie
katherine kathy kate katie kath kay kit kitty kat katy catherine kathryn
keith keith
kenneth ken kenny
kimberly kim kimmy kimberley
kristen kris krissy kristin kirsten
lafayette fate laffie
lawrence larry lars laurie lon laurence lorenzo
leonard len lenny leo lennie
leonora nora lenora nell
leonora leona
leroy lee roy
leslie les
lester les
letitia tish letty lettie tisha
lewis lou louie lew luis louis
lillian lily lil lilly lillie
lincoln link
lionel leo
lorraine lori laurie
louis lou louie lew lewis luis
louisa lou lulu
louisa louise
louise lou lulu louisa
lucille lucy lu lucile
lucinda lucy cindy lu
lucy lu
luke luke
lydia lyddie liddy
mabel mab mae
madeline maddie maddy madge lena maud madelyn madeleine magdalene
magdalena maggie lena magda madge
malcolm mal
margaret maggie meg peggy marge margie madge maisie molly rita meta peg mag maggy margo marjorie midge
marjorie marge margie marjie marjory
martha marty patty patsy mattie matty
martin marty mart
marvin marv
mary polly molly mae mamie mimi maria marie moll mollie minnie mitzi may mame
matilda tilly tillie maud mattie matty
matthew matt mat matty mathew
maureen mo
maurice morris maury mo
maximilian max
melanie mel
melinda mel linda mindy
melissa mel missy lissa mellie
melvin mel
michael mike mick mickey mikey mitch micky
michelle shelly mickey shelley michele
mildred millie milly
millicent millie milly
miriam mimi mitzi
mitchell mitch
monica mona
montgomery monty
morris morey
moses mose moe
nancy nan
naomi nomi
natalie nat nattie
nathan nate nat natty
nathaniel nate nat natty nathan nat than
nicholas nick nicky nico nic
nicole nicky nikki
norbert bert norb
norman norm
obadiah obie diah
oliver ollie
olivia liv livvy ollie
oscar ozzie
oswald ozzie ossie
pamela pam pammy
patience pattie patty
patricia pat patty patsy trish tricia trisha
patrick pat paddy patsy
paul paulie
pauline polly
penelope penny pen
percival percy
peter pete
philip phil pip phillip
phoebe fifi
phyllis phyl
prescott scott
priscilla prissy cilla
prudence prue prudy
rachel rae rachael
randolph randy dolph
raphael rafe
raymond ray
rebecca becky becca reba beck
regina reggie gina
reginald reggie reg rex
rhoda rodie
richard rich rick ricky dick richie dicky rico
robert bob bobby rob robby robbie rab bobbie
roberta bobbie robbie bertie
roderick rod roddy rick
rodney rod
roger rodge hodge
roland rollie
ronald ron ronnie ronny
rosalind roz rosie
rose rosie rosa
rosemary rosie rose
rudolph rudy rolf
russell russ rusty
ruth ruthie
samantha sam sammie sammy
samuel sam sammy
sandra sandy sandi
sarah sally sadie sara sal
seymour sy
sidney sid syd
silas si
simon si
solomon sol
sophia sophie sofia
stanley stan
stephanie steph stevie stephie
stephen steve stevie steven stephan
steven steve stevie stephen
stuart stu stewart
susan sue susie suzy sukey suzanne suzie
susanna sue susie suzy susannah sukey hannah
sylvester sly vester syl
sylvia sylvie syl
teresa terry tess tessie theresa tessa
teresa tracy
theresa tracy
terrence terry terence
theodora dora teddy theo
theodore ted teddy theo
thomas tom tommy thom
timothy tim timmy
tobias toby
tracy tracey
ulysses lyss
valentine val
valerie val
vanessa nessa nessie vanna
veronica ronnie
victor vic
victoria vicky vickie tori vicki
vincent vince vinny vinnie
viola vi
violet vi
virginia ginny ginger jinny virgie
vivian viv
wallace wally
walter walt wally
wendy wendi
wilbur will willie
wilfred will willie fred
wilhelmina mina minnie willa billie
wilhelmina wilma
william bill billy will willie willy liam wills bud
winifred winnie freddie fred
winston win winnie
yolanda yola
yvonne vonnie
zachariah zach zack zeke
zachary zach zack zac zak
zebulon zeb
zedekiah zed
`;

/** Spelling variants and cross-spellings that sound or look alike but are one name. */
export const NAME_VARIANT_GROUPS_TEXT = `
sean shawn shaun shon
ian iain
jon john
jonathan johnathan jonathon johnathon
mohammed muhammad mohamed mohammad muhammed mohamad
aileen eileen ilene
allison alison alyson
ann anne
bryan brian brien
caitlin kaitlyn katelyn kaitlin catelyn
carl karl
cathy kathy
christina kristina
deborah debra
eric erik erick
geoffrey jeffrey
gray grey
isaac issac
jeffery jeffrey
jillian gillian
jocelyn joselyn
kristen kristin kirsten
lindsay lindsey
marc mark
mathew matthew
megan meghan meagan
michele michelle
nicolas nicholas nickolas
philip phillip filip
rachael rachel
rebekah rebecca
sara sarah
scot scott
stephen steven
stuart stewart
teresa theresa
tracy tracey
vicki vickie vicky
zachary zackary
erica erika ericka
kristy christy kristie
jaime jamie
kelly kelley
lindsay lindsey linsey
shawna shauna
tonya tanya
geraldine jeraldine
katelyn kaitlyn caitlin
`;

/** Spanish given names common in the US workforce, the diminutives people go by, and the English form the same person uses (Jose/Joseph, Guillermo/William). */
export const SPANISH_GROUPS_TEXT = `
jose pepe pepito chepe
francisco paco pancho cisco frank
guillermo memo
alejandro alex jandro
roberto beto
alberto beto
enrique quique
jesus chuy chucho
ignacio nacho
eduardo lalo
concepcion concha conchita
dolores lola lolita
guadalupe lupe lupita
rosario chayo
manuel manny manolo
margarita rita
joseph jose joe joey
william guillermo
`;

/** Older and less common formal names with the diminutives found in family records. */
export const MORE_GROUPS_TEXT = `
adelbert del bert albert ad
ambrose brose
anderson andy
angeline angie lina
arabella bella arabelle belle ara
asahel asa
bernice bernie
caleb cal
carlotta lottie
cassandra cassie sandy cass
charity chat
christiana kit kitty chris christy
clarinda clara
clementine clem
cordelia delia cordy
cyrenius cy
deliverance della dilly
drusilla silla drucilla
edith edie edye edythe
elwood woody
eliphalet left eli life
epaphroditus dite dyce eppa
experience exie
fidelia delia
gabriella ella gabby
hamilton ham
helena ella lena
hephzibah hepsie hepsy
hiram hy
honora nora norah honey
jedidiah jed
jemima mima
jerusha jerry rusha
keziah kizzie kissy kizzy
lavinia vina viney
lemuel lem
leonidas lon
lorenzo loren renzo
lucretia creasey
mahala hallie
marcus marc
melvina vina
mehitabel hitty mabel
minerva minnie nerva
mortimer mort
obediah obed
octavia tave tavia
olive ollie nollie livia
parmelia amelia
permelia melia
philadelphia delphia
pleasant ples
reuben rube
roxanne roxy roxie
sabrina brina
selina lena
sebastian seb bastian
sophronia frona fronia sophie
tabitha tabby
temperance tempy
theophilus ophi theo
thaddeus thad tad
tryphena phena
vernon vern
winfield win field
zebedee zeb
anastasia stacy ana tasha stasia stacey
antonia toni tonia
bradford brad ford
cameron cam
chadwick chad
courtney court
francesca fran frankie frannie
harrison harry
jackson jack jacky
jasper jas
jefferson jeff
jordan jordy
katrina kat trina
lauren laurie
leonardo leo
madison maddie maddy
mackenzie mack kenzie
marcia marcie marci
mariah mary
napoleon nap nappy leon
nelson nels nel
nicodemus nick
randall randy
reynold reg
roland rollo lanny rowland
sheldon shelly
sherman sherm
solomon sal sol
sylvanus syl
tamara tammy
tyler ty
valentina val
wesley wes
wilson will
woodrow woody drew
arlene arly
bernadette bernie detta
celeste lessie
charlene charlie
cheryl sheryl
clarissa clara cissy
claudia claud
daphne daph
deanne dee
delphine del
denise dennie
dorinda dora
elaine lainie
estelle stella
estella stella essy
faith fay
felicity flick tick
georgina georgie gina
hester hetty
hortense harty tensey
janice jan
jeanne jeannie
juanita nita
laura laurie lolly
linda lindy
lorinda linda
lorinda lori
marcella marcy ella
miranda randy mandy mira
ophelia phelia
parthenia teeny thenie
philippa pippa phil
rosalyn rose roz
rosanna rose ann
savannah vannie
sharon shari
shirley shirl
theodosia theo dosia
abraham bram ham
alexander eck xan
barbara babby barby
bartholomew mees meus tolly
bridget biddie bridgie
catherine kit kittie
cecilia celia sissy
christopher kester
cornelius nelius
cynthia cintha
elizabeth lizabeth tetty
frances sis cissy
frederick derick
gertrude gatty
helen lainie
hezekiah hy
isaac zeke
isabella ib nib nibby tibbie
jacob jaap
jane jinsy
jeremiah jereme
joanna joan
joseph josey
josephine josey pheny fina
lawrence lonny lorry
margaret gretta metta
martha mat
mary mercy marietta
matilda patty
matthew thias
patrick pate
peter pate
philip flip phip
rebecca riva
richard dickon dickie
robert dob dobbin hob hobkin
roger rod roge
rudolph dolph olph
sarah sallie
solomon solly
susannah susan
theodore tad ned
timothy timmie
tobias bias
valentine felty
victoria vic toria
wilhelmina mena
william bell
winifred winny
zachariah zacky
aurelia aurie orelia rilly
bethany beth
cecil cis
darius dare
emanuel manny manuel immanuel emmanuel
erasmus rasmus ras raze
ethelbert bert
eudora dora
euphemia effie phemie effy
gideon gid
godfrey fred
horatio horace raish
ichabod icky ich
irving irv
joachim jim kim
lamont monty
lucas luke
lucian luke
lucius luke lucky
luther lute
maximilian maxie
newton newt
obadiah obed dyer
ottilie tillie
phineas finn phin
quentin quint
salome sally
sigismund sig
sullivan sully
ulysses lish uly
winthrop win
alana lana
alyssa lissa ally
angelica angie
annabelle belle bella
ashley ash
audrey audie
brittany britt brit
carmela mela
catalina cat lina
destiny des
elena lena ellie
elise lise
genevieve jenny gen ginny
gillian jill jilly
jasmine jaz jazzy
jillian jill
jolene jo
kathleen kathy kath kate kay katie kit kitty
kayla kay
leanne lee
leticia letty tish
lorena lori
lucia lucy
marguerite margie peggy maggie rita marge
marisa mari risa
melody mel
meredith merry
natasha tasha nat
rosalie rosie rose
rosetta rose etta
tanya tania
tiffany tiff
veronica vonnie
whitney whit
bertrand bert
brandon brand bran
broderick rick
carlton carl
clayton clay
clinton clint
darrell darry
derek derrick
desmond des
donovan don
duane dwayne
elliott eli
everett ev
fitzgerald fitz
forrest forest
harvey harv
jerald jerry
jesse jess
kendall ken
kendrick ken rick
leland lee
malachi mal
marshall marsh
maxwell max
milton milt
morton mort
neville nev
orville orv
osborne oz
preston pres
quincy quin
rodrigo rod rigo
roosevelt rosey velt
sanford sandy
sherwood woody
terrance terry
travis trav
tristan tris
wendell wen
willard will
wilmer will
`;

/** Diminutives recorded in US family and church records of the 18th–20th centuries (old lists still show them). */
export const GENEALOGY_GROUPS_TEXT = `
aaron ronnie ron
abel ebbie abe eb
abiel ab
abijah ab bige
absalom app ab abbie
adaline delia lena dell addy ada
adelaide adele dell addy della
adelbert del albert delbert bert
adeline delia lena dell addy ada
adelphia philly delphia adele
agatha aggy
agnes inez aggy nessa
alastair al
alderick eric
alexandra alla
alfreda alfy frieda
alicia allie
almena mena allie
almina minnie
almira myra
alonzo lon al lonzo
amelia mel millie
anna nana
anne nana
annette nettie
anselm ansel selma anse ance
antoinette tony netta
antonia tony netta
appoline appy appie
aquilla quil quillie quilla
ariadne arie
arielle arie
armena mena arry
armilda milly
arminda mindie
arminta minty
artemus art
asaph asa
asenath sene assene natty
augusta tina aggy gatsy gussie
augustina tina aggy gatsy gussie
aurelia ree rilly orilla aurilla ora
avarilla rilla
azariah aze riah riley
beatrice trix
bedelia delia bridgit
belinda belle
bethena beth thaney
bezaleel zeely
california callie
carmellia mellia
carol carolann
caroline carole
carthaette etta etty
charlotte char
chauncey chan
chesley chet
chloe clo
cicely cilla
cinderella arilla rella cindy rilla
clara clarissa
clifford ford
columbus clum
conrad conny
cornelia nelia nelle
cornelius conny
crystal chris tal stal crys
cyrenius swene serene renius cene
dalton dahl dal
daniel dank
danielle dani
daphne daphie
darlene darry
david day
deidre dee
delilah lil dell
deliverance delly
delores della dell
delpha philadelphia
delphine delphi delf
dennison denny
desiree desi
diana dicey didi
donald dony
dorcas darkey
dorothea doda
dorothy dortha
duncan dunk
egbert bert burt
eleanor lanna
elbert albert
ellen helen
ellender nellie ellen helen
elminie minnie
elmira mira ellie elly
eloise heloise
elouise louise
elvira elvie
emeline milly emily
epaphroditus ditus dyche
ernestine teeny tina erna
eseneth senie
estella essy
estelle essy
esther hester
eudicy dicey
eudoris dossie dosie
evangeline ev
evelyn evelina ev
ezekiel ez
felicia fel felice felicity
ferdinand freddy
florence flossy
fredericka freddy ricka freda frieda
georgiana georgia
geraldine gerrie
gerhardt gay
gustavus gus
helena nell nellie ellen
heloise eloise elouise
henrietta etty retta
hephzibah hipsie
hepsibah hipsie
herman harman dutch
hermione hermie
hester hessy esther
honora norry
hopkins hopp hop
hosea hosey hosie
ignatius natius nate
isabella issy
isaiah zadie zay
isidore izzy
jahoda hody hodie hoda
jeanette janet
jedediah dyer jed diah
jehiel hiel
jehu gee
jennet jenny jenn
jennet jessie
joanna jodi
johannah hannah jody joan nonie
joshua jos
josiah jos
joyce joy
judah jude
judith judie juda judi
judson sonny jud
julian jule
julius jule
june junius
junior junie jr
justin justus jus
katherine kittie kaye
kathleen kittie cathy
kendra kenj kenji
kendall kenny
kendrick kenny
keziah kizza
kimberly kimmie
kingsley king
kingston king
kristel kris
kristen chris
kristine tina christy chris crissy
laodicia dicy cenia
laurinda laura lawrie
lavinia ina
lawrence lorne
leonard lineau
leonidas lee leon
leonora nell nellie
letitia titia lettice lettie
lillian lolly
loretta etta lorrie retta
lorraine lorrie
luann lou
lucas luke
lucia lucius
lucille cille lou
lucinda lou
luella lula ella lu
lurana lura
lyndon lindy lynn
madeline magda madie
malcolm mac malc
manerva minerva nervie eve nerva
margaret margy margery
margaretta maggie meg peg midge margie madge peggy marge daisy margery gretta rita
marguerite peggy
marjorie margy
matilda maud
matthias thias matt thys
matthew thys
maurice morey
mavery mave
mavine mave
medora dora
mehitabel mitty
melinda lynn lindy
melissa lisa milly
micajah cage
millicent missy
miriam mitzie
montgomery gum
moses moss
nadine nada deedee
nancy nana
naomi omi
natalie natty nettie
nelson nels
nicholas claes
nora nonie
norbert norby
obedience obed beda beedy biddie
onicyphorous cyphorus osaforus syphorous one cy osaforum
orphelia phelia
oswald ozzy waldo ossy
otis ode ote
pandora dora
parmelia milly melia
parthenia parsuny pasoonie phenie
paula lina
paulina polly lina
pelegrine perry
peregrine perry
permelia melly milly mellie
pernetta nettie
persephone seph sephy
philetus leet phil
philinda linda lynn lindy
philipina phoebe penie
phineas finny
pinckney pink
pocahontas pokey
posthuma humey
prescott scotty
priscilla cissy
providence provy
rafaela rafa
ramona mona
reginald naldo renny
relief leafa
reynold reginald
rhodella della
rhyna rhynie
ricardo rick ricky
roberta birdie
roderick rickie
roland rolly
ronald naldo
rosabel belle roz rosa rose
rosabella belle roz rosa rose
rosalinda linda roz rosa rose
roseann rose ann rosie roz
roseanna rose ann rosie roz
roxanne roxie
rudolphus dolph rudy olph rolf
ryan ry
salome loomie
salvador sal
samantha mantha
samson sam
sampson sam
sarilla silla
scott scotty scottie
sebastian sebby
selma anselm
seneca necie
serena rena
serilla rilla
seymour see morey
shaina sha shay
sharon sha shay
shelton shel shelly
sheridan dan danny sher
sheryl sher sherry
sigfrid sid
silence liley
silvester vester si sly vest syl
simeon si sion
simon sion
socrates crate
solomon salmon zolly
sondra dre sonnie
stephan steve
sullivan van
sylvester sy vet vessie
tamara tammy
teresa tessa
theotha otha
theresa thirza thursa
thomasa tamzine
tilford tillie
tranquilla trannie quilla
trisha patricia
trix beatrix
trudy gertrude
unice eunice nicie
uriah riah
ursula sulie sula
valentina felty vallie
valeri valerie val
vanburen buren
vandalia vannie
vanessa essa vanna
vernisee nicey
veronica ronna ronie frony franky
victoria torie tory
vincenzo vic vinnie vin vinny
virginia virgy
waldo ozzy ossy
washington wash
webster webb
wendy wen
wilber will bert
wilda willie
wilfred wilf
willis willy bill
wilson willy willie
winifred winnet
winton wint
woodrow wood
yeona onie ona
yulan lan yul
yvonne vonna
zedediah dyer zed diah
zepaniah zeph
`;

/**
 * Common US given names with no nickname of their own. Knowing them lets the matcher tell
 * a typo (Jhon → John) from a different person's name (Dena vs Dean, Erica vs Eric).
 */
export const OTHER_GIVEN_NAMES_TEXT = `
aaliyah abby adriana aidan aiden alana alaina alejandra alexa alexis alisha alma alondra alyssa amber amira amy ana
andre angel angelo anita april ariana ariel arlene armando arturo ashley aubrey audrey austin autumn ava avery bailey
beth bianca blake bonnie brad brady brandi brandy brant brenda brendan brett briana brianna brittany brooke bruce bryce
caleb camila candice cara carla carlos carmen carrie casey cassidy cecil cedric chad chance chandler chase chelsea
cheyenne chloe christa ciara cindy claire clay cody colby cole colin colleen connor cora corey courtney craig crystal
dale dallas damian damon dana dane darin dario darla darnell darren darryl dawn dean deanna debra deirdre dena denise
derek desiree destiny devin devon diego dillon dina dominique donna drake dustin dwayne dylan ebony eddie edgar edna
elaine elena eli elisa ella ellen elsa elvis emilio enrique erica erick erika erin ernesto esmeralda esperanza ethan
eva evan fabian faith felipe felix fernando fiona gabriela gail garrett gavin gerardo gilberto gina glen glenda glenn
grace grant greta guillermo gustavo hailey haley heather hector heidi holly hope hunter ian irma isaiah ivan ivana
ivy jada jade jaime jamal jared jasmine jasper javier jayden jeanne jenna jesus jill joel johanna jolene jonah jordan
josue joy juanita julio justin kara karen karina kasey katrina kayla keith kelley kelly kelsey kendra kerry kevin
kiara kirk krista kristi kristy kyle lacey lance latoya leah leigh lena leslie liam lila lillie lindsay logan lorena
lori lorraine lucas luz lydia lynn mackenzie madison malik marco marcos marcus margo maria mariah mariana marina mario
marisol marla marlene marsha mason maya melanie mercedes micah miguel mikayla miles misty mitchell monica morgan myra
nadia natasha neil nelson nora norma oliver omar orlando oscar paige parker pedro perla preston rafael ramiro ramon
randy raquel raul reed regina rene renee reyna ricardo riley robin rocio rodney rodolfo rogelio roman ruben rudy ryan
sabrina sandy santiago santos savannah selena sergio seth shana shane shannon shawna shayla sheila shelby sherri
sheryl sierra silvia sonia sonya stacey stacy stella summer sydney sylvia tamara tammy tania tanya tara taylor
terrence tia tiffany tina todd tonya travis trent trevor troy tyrone valeria vanessa vera veronica vicente victor
vivian wade wanda warren wendy whitney wyatt xavier yesenia yolanda yvette zoe dena lana dean dena june
linh minh thanh tuan anh hoa lan mai hung dung duc huong phuong trang long nam quang thao thu hai binh khanh
wei li hui jun ying mei lei jing yan hong xin ming hua ling chen fang ping yu tao bo qiang yong
hiroshi yuki kenji akiko takashi yoko haruto sakura kaito emi
priya raj anil sunita vijay deepa ravi sanjay amit neha pooja rahul arjun kavita lakshmi suresh ramesh ganesh
ahmed aisha omar layla fatima hassan hussein ali yusuf ibrahim khalid mariam zainab amina karim nadia samir
olga dmitri sergei irina natasha svetlana yuri boris tatiana vladimir andrei elena nikolai oksana
kwame amara chidi ngozi kofi abena chinedu emeka adebayo folake oluwaseun kemi
amos barrett bela brody bryant claas claus corinne dakota flora floyd garry gretchen hans iva juliet kari kody laverne levi lloyd lois marianne marilyn marion maxine ralph rhett roscoe ross rupert saul talia verna
`;

/**
 * Given names and their nicknames from the public table of C. Northern et al. (Apache-2.0, see NOTICE),
 * only the relations our own groups above did not already make, one formal name per line. Deliberately
 * left out: entries written as initials (k.c., l.r.); Robert's old rhyming and archaic forms (Bill,
 * Billy, Dob, Dobbin, Hob, Hobkin), which would relate Robert to William's names; nicknames the public
 * table gives to six formal names or more (Chris, Ann, Mary, Rick, Fred…); and "nicknames" that are
 * formal names of our own groups (Alexander under Alexandria), which would relate Alexander to Alla.
 * Each of these flagged more clean people than it found variants (ADR 027).
 */
export const PUBLIC_GROUPS_TEXT = `
abbigail abbe abbey abbi abbie abby gail nabby
abbigale abbe abbey abbi abbie abby gail nabby
abednego bedney
abigail abbe abbi
abigale abbe abbey abbi abbie abby gail nabby
ada adie
adaline adie
addison addie
adela adie
adelaide adie
adena adina deena dena dina
adolphus ado dolph
adrian rian
adriane riane
adrienne addie enne rienne
agatha aga
alanson lanson
aldrich rich riche richie
aleksandr alek alex
aleva leve levy
alexandria alex alla drina
alexis lexi
algernon algy
alixandra alix
alphinias alphus
alverta vert virdie
alyssa lissia
alzada zada
andre drea
andrea andi andy rea
andriane adri rienne
angelica angelika angelique
anne nan
antonio ant
ara arry
arabella arry
arabelle arry
araminta armida middie minty ruminta
archilles kill killis
ariadne ari
aristotle telly
arizona ona onie
armanda mandy
arminta minite
aron ron ronnie
artelepsa epsey
arthusa thursa
arzada zaddi
ashley ashly
aubrey bree
audrey audree
august gus
augustine august
bab barby
babs barby
bartholomew bartel
barticus bart
bazaleel basil
benedict bennie
bernard berney
berney bernie
biddie biddy
blanche bea
bob rob
bobby rob
boetius bo
brad ford
breanna bree bri
breeanna bree
brianna bri
brittany brittnie
brittney britt brittnie
broderick brady rod
bryanna ana bri briana brianna
caitlin cait caity
caitlyn cait caity
caldonia calliedona
calista kissy
calpurnia cally
calvin vinny
cameron ronny
camile cammie
campbell cam
candace dacey
carla carly karla
carmelo melo
carmon cammie carm charm
carol carri
carolann carole
cassidy cass
caswell cass
cathleen katy kittie
cathy cathleen
cedric ced
chelsey chelsie
cheryl cher
christiana crissy
christina crissy
christine crissy
claire clair
cleatus cleat
cole colie
con conny
corey coco cordy ree
cornelia corny
cory coco cordy ree
courtney curt
daniel dann
daycia dacia daisha
debora deb debbie debby
deidre deedee
delia delius
della adela
demaris dea maris
demerias dea maris
democrates mock
derek derrek
deuteronomy duty
diane dian dianne dicey didi
dicey dicie
dickson dick
domenic dom
dominick nick
dominico dom
donato don
donna dona
donovan donnie donny dony
dorcus darkey
dotha dotty
ebenezer ebbie
edna edny
edyth edie edye
eighta athy
eleanor nelly
eleazer lazar
eliphalel life
ella el
ellswood elsey
elsie elsey
elswood elsey
elysia lissa
elze elsey
emil em
emily mel
epaphroditius dite ditus dyce dyche eppa
erwin irwin
essy es
eurydice dicey
eustacia stacia stacy
eva eve
evaline eva eve
ezideen ez
fallon fal falcon fall fallie fally falon lon lonnie
felicia feli
feltie felty
ferdinando ferdie nando
fionna fiona
frances frannie franniey
francie francine
francine fran francie frannie franniey franny
franklin fran
franklind fran frank
frederica erika rickey
fredericka ericka rickey
frieda freddie
gareth gare gary
garrett gare garratt garret
garrick garri
geraldine gerri
gertie gert
gertrude gert
giovanni gio
glenn glen
governor govie
greenberry berry green
greggory gregg
gregory gory
griselda grissel
gum monty
gustavus gussie
hailey haylee hayley
hannah nanny
harold hap haps
harrison hap haps
harry hap haps
haseltine hassie
haylee hailey hayley
hayley hailey haylee
heather hetty
helene ella ellie
henry hap haps
hephsibah hipsie
hillary hilary
hipsbibah hipsie
howard hal
ignatzio iggy nace naz
immanuel emmanuel
india indie indy
iona onnie
irwin erwin
isabel bell ib issy nib nibby tibbie
isabelle ib issy nib nibby tibbie
isadora issy
isadore izzy
jacqueline jacqui
jalen alen haylen jaelin jaelyn jailyn jaye jaylin jaylyn len lennie lenny
jamey jamie
jasper casper jap
jayme jay
jean jeannie
jebadiah jeb
jedidiah diah dyer
jefferey jeff
jennifer jenni
jeremy jez jezza
jerita rita
jerry geri gerry jereme
joan nonie
johannes johnny
johnathan johny
johnathon johny
jonathan johny
jonathon johny
josetta jettie
josey josophine
josophine joey josey
judah juder
julias jule jules
julie jule
justin justina juston
kaitlin kait kaitie
kaitlyn kait kaitie
kaitlynn kait kaitie
kalli cali kali
kameron kam
karla carla carly
katelin kaye
katelyn kaye
kathleen katy
katia katie
kelley kelli kellie
kerry kerri
kevin kev
kimberley kimberli
kimberly kimberli
kymberly kym
latisha tish tisha
laurel laurie
lauren ren
laurence lonny lorne lorry
lauryn laurie
laveda veda
lavina ina vina viney
lavonia vina viney vonnie wyncha
lavonne von
lawrence lawrie
leanne lea
lecurgus curg
leilani lani
leonore elenor honor
lesley les
levicy vicy
levone von
lidia lyddy
lillah lil lilly lily lolly
lindsay lindsie lindsy
littleberry berry little
lorelei laurie lori lorrie
loretta lorie
lorraine lorie
lou lu
louvinia vina viney vonnie wyncha
lucina sinah
lydia lyddy
mabel amabel
mac mc
mack mac mc
mackenzie kenzy mac
maddison maddi maddie
madeline maddi
madelyn madie
madie madelyn
madison mattie
magdelina magda
malachi mally
manoah noah
manola nonnie
margarita maisie marge margo metta midge peggie
mariah maria
marian marianna
marietta mae mamie maria marie may mitzi mollie molly
marissa rissa
marni marnie
marsha marcie
martine tine
masayuki masa
mat mattie
mathew maty
mathilda patty tillie
matilda tilla
matthew mattie
matthews matt mattie matty
maud middy
maximillian max
mckenna kenna meaka
mehitabel hetty
melanie mellie
melchizedek dick zadock
mellony mellia
melody lodi
mercedes merci mercy
merv mervin
mervin merv
mervyn merv
micheal mike mikey miky
michelle chelle shellie shely
miguel miggy miguael miguaell miguail miguaill miguayl miguayll miguell mike
miranda randi
mitzi mittie mitty
mitzie mittie mitty
monica monna monnie
monteleon monte
montesque monty
muriel mur
myrtle mert myrt myrti
nelle nelly
nicholas nickie
nicholette cole nichole nickey nicki nikki
nicodemus nickie nico
nicolas nick nickie nico
nicole nicki nole
nikolas claes nick nickie nico
nikole nikki
norbusamte norbu
nowell noel
obediah obie
odell odo
olivia livia nollie
orilla rilly
patience pat
patricia patti
petronella nellie
pheriba ferbie pherbia
philander fie
philipina pip
philly delphia
philomena menaalmena
prescott pres
randolf dolph
reba becca beck
rich dick
ricky dick
roberta birtie roby
roberto rob
rodger hodge rod roge
roger rodger
rosemary rosemarie rosey
rosina sina
roxane rox roxie
roxanna roxie
safieel safie
samyra myra sam
savannah savanna
scott sceeter squat
sheryl cheri cherie sheri sherri sherryl
sibbilla sibbell sibbie sybill
sigfired sid
smith smitty
stacey staci stacie
stacie stacey staci stacy
stacy staci
stephanie steffi steffie stephani stephany stephine
stephen steph
steven steph
suzanne suki
sybill sibbie
sydney sid
sylvanus sly
sylvester si
tamarra tammy
tammie tami tammy
tammy tami tammie
tanafra tanny
tasha tash tashie
terri teri terrie terry
theodosia theodosius
theresa traci tracie
tiffany tiffy
trix trixie
veronica ronny
vic vickie vicky
victoria torri torrie
vijay vij
vincent vic vin
vincenzo vince
vinson vin vince vinnie vinny
viola ola
violetta lettie
vivian vi
westley farmboy wes west
wilbur willy
wilfred wil
wilhelm wil
will bill
william wil
wilma billiewilhelm
winfield winny
winnie winnifred
winnifred freddie winnie winny
winny winnifred
yoshihiko yoshi
zachariah zac zachy zak zakk
zachary zachy zakk zeke
zachery zac zach zachy zack zak zakk zeke
zephaniah zeph
`;
