/** Name parts for synthetic lists and clean populations (benchmarks and false-positive tests). */

/** Given names, roughly in order of US frequency (the order sets the Zipf weights). */
export const SYNTHETIC_FIRST_NAMES = `james mary robert patricia john jennifer michael linda david elizabeth william barbara richard susan
joseph jessica thomas sarah charles karen christopher lisa daniel nancy matthew betty anthony margaret mark sandra donald
ashley steven kimberly paul emily andrew donna joshua michelle kenneth carol kevin amanda brian dorothy george melissa
timothy deborah ronald stephanie edward rebecca jason sharon jeffrey laura ryan cynthia jacob kathleen gary amy nicholas
angela eric shirley jonathan anna stephen brenda larry pamela justin emma scott nicole brandon helen benjamin samantha
samuel katherine gregory christine alexander debra frank rachel patrick carolyn raymond janet jack catherine dennis maria
jerry heather tyler diane aaron ruth jose julie adam olivia nathan joyce henry virginia douglas victoria zachary kelly
peter lauren kyle christina ethan joan walter evelyn noah judith jeremy megan christian andrea keith cheryl roger hannah
terry jacqueline gerald martha harold gloria sean teresa austin ann carl sara arthur madison lawrence frances dylan kathryn
jesse janice jordan jean bryan abigail billy alice joe judy bruce sophia gabriel grace logan denise albert amber willie doris
alan marilyn juan danielle wayne beverly elijah isabella randy theresa roy diana vincent natalie ralph brittany eugene
charlotte russell marie bobby kayla mason alexis philip lori louis tiffany carlos rosa luis ana miguel jorge guadalupe
francisco yolanda manuel carmen pedro esperanza wei mei li hui jun ying hiroshi yuki kenji akiko minh thanh linh tuan
priya raj anil sunita vijay deepa mohammed fatima ahmed aisha omar layla olga dmitri sergei irina ivan natasha kwame amara
chidi ngozi kofi abena`.split(/\s+/);

/** Common surnames, roughly in order of US frequency. */
export const SYNTHETIC_SURNAMES = `smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez
wilson anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis robinson
walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera campbell mitchell
carter roberts gomez phillips evans turner diaz parker cruz edwards collins reyes stewart morris morales murphy cook
rogers gutierrez ortiz morgan cooper peterson bailey reed kelly howard ramos kim cox ward richardson watson brooks chavez
wood james bennett gray mendoza ruiz hughes price alvarez castillo sanders patel myers long ross foster jimenez powell
jenkins perry russell sullivan bell coleman butler henderson barnes gonzales fisher vasquez simmons romero jordan
patterson alexander hamilton graham reynolds griffin wallace moreno west cole hayes bryant herrera gibson ellis tran
medina aguilar stevens murray ford castro marshall owens harrison fernandez mcdonald woods washington kennedy wells
vargas henry chen freeman webb tucker guzman burns crawford olson simpson porter hunter gordon mendez silva shaw snyder
mason dixon munoz hunt hicks holmes palmer wagner black robertson boyd rose stone salazar fox warren mills meyer rice
schmidt garza daniels ferguson nichols stephens soto weaver ryan gardner payne grant dunn kelley spencer hawkins arnold
pierce vazquez hansen peters santos hart bradley knight elliott cunningham duncan armstrong hudson carroll lane riley
andrews alvarado ray delgado berry perkins hoffman johnston matthews pena richards contreras willis carpenter lawrence
sandoval guerrero george chapman rios estrada ortega watkins greene nunez wheeler valdez harper burke larson santiago
maldonado morrison franklin carlson austin dominguez carr lawson jacobs obrien lynch singh vega bishop montgomery oliver
jensen harvey williamson gilbert dean sims espinoza howell li wong reid hanson le mccoy garrett burton fuller wang weber
welch rojas lucas marquez fields park yang little banks padilla day walsh bowman schultz luna fowler mejia davidson
acosta brewer may holland juarez newman pearson curtis cortez douglas schneider joseph barrett navarro figueroa keller
avila wade molina stanley hopkins campos barnett bates chambers caldwell beck lambert miranda byrd craig ayala lowe frazier
powers neal leonard gregory carrillo sutton fleming rhodes shelton schwartz norris jennings watts duran walters cohen
mcdaniel moran parks steele vaughn becker holt deleon barker terry hale leon hail benson haynes horton miles lyons pham
graves bush thornton wolfe warner cabrera mckinney mann zimmerman dawson lara fletcher page mccarthy love robles cervantes
solis erickson reeves chang klein salinas fuentes baldwin daniel simon velasquez hardy higgins aguirre lin cummings
chandler sharp barber bowen ochoa dennis robbins liu ramsey francis griffith paul blair oconnor cardenas pacheco cross
calderon quinn moss swanson chan rivas khan rodgers serrano fitzgerald rosales stevenson christensen manning gill curry
mclaughlin harmon mcgee gross doyle garner newton burgess reese walton blake trujillo adkins brady goodman roman webster
goodwin fischer huang potter delacruz montoya todd wu hines mullins castaneda malone cannon tate mack sherman hubbard
hodges zhang guerra wolf valencia saunders franco rowe gallagher farmer hammond hampton townsend ingram wise gallegos
clarke barton schroeder maxwell waters logan camacho strickland norman person colon parsons frank harrington glover
osborne buchanan casey floyd patton ibarra ball tyler suarez bowers orozco salas cobb gibbs andrade bauer conner moody
escobar mcguire lloyd mueller hartman french kramer mcbride pope lindsey velazquez norton mccormick sparks flynn yates
hogan marsh macias villanueva zamora pratt stokes owen ballard lang brock villarreal charles drake barrera cain patrick
pineda burnett mercado santana shepherd bautista ali shaffer lamb trevino mckenzie hess beil olsen cochran morton nash
wilkins petersen briggs shah roth nicholson holloway lozano rangel flowers hoover short arias mora valenzuela bryan meyers
weiss underwood bass greer summers houston carson morrow clayton whitaker decker yoder collier zuniga carey wilcox melendez
poole roberson larsen conley davenport copeland massey lam huff rocha cameron jefferson hood monroe anthony pittman huynh
randall singleton kirk combs mathis christian skinner bradford richard galvan wall boone kirby wilkinson bridges bruce
atkinson velez meza roy vincent york hodge villa abbott allison tapia gates chase sosa sweeney farrell wyatt dalton horn
barron phelps yu dickerson heath foley atkins mathews bonilla acevedo benitez zavala hensley glenn cisneros harrell shields
rubio choi huffman boyer garrison arroyo bond kane hancock callahan dillon cline wiggins grimes arellano melton oneill
savage ho beltran pitts parrish ponce rich booth koch golden ware brennan mcdowell marks cantu humphrey baxter sawyer
clay tanner hutchinson kaur berg wiley gilmore russo villegas hobbs keith wilkerson ahmed beard mcclain montes mata
rosario vang walter henson oneal mosley mcclure beasley stephenson snow huerta preston vance barry johns eaton blackwell
dyer prince macdonald solomon guevara stafford english hurst woodard cortes shannon kemp nolan mccullough merritt murillo
moon salgado strong kline cordova barajas roach rosas winters jacobson lester knox bullock kerr leach meadows davila orr
whitehead pruitt kent conway mckee barr david dejesus marin berger mcintyre blankenship gaines palacios cuevas bartlett
durham dorsey mccall odonnell stein browning stout lowery sloan mclean hendricks calhoun sexton chung gentry hull duarte
ellison nielsen gillespie buck middleton sellers leblanc esparza hardin bradshaw mcintosh howe livingston frost glass
morse knapp herman stark bravo noble spears weeks corona frederick buckley mcfarland hebert enriquez hickman quintero
randolph schaefer walls trejo house reilly pennington michael conrad giles benjamin crosby fitzpatrick donovan mays
mahoney valentine raymond medrano hahn mcmillan small bentley felix peck lucero boyle hanna pace rush hurley harding
mcconnell bernal nava ayers everett ventura avery pugh mayer bender shepard mcmahon landry case sampson moses magana
blackburn dunlap gould duffy vaughan herring mckay espinosa rivers farley bernard ashley friedman potts truong costa
correa blevins nixon clements fry delarosa best benton lugo portillo dougherty crane haley phan villalobos blanchard horne
finley quintana lynn esquivel bean dodson mullen xiong hayden cano levy huber richmond moyer lim frye sheppard mccarty
avalos booker waller parra woodward jaramillo krueger rasmussen brandt peralta donaldson stuart faulkner maynard galindo
coffey estes sanford burch maddox vo oconnell vu andersen spence mcpherson church schmitt stanton leal cherry compton
dudley sierra pollard alfaro hester proctor lu hinton novak good madden mccann terrell jarvis dickson reyna cantrell
mayo branch hendrix rollins rowland whitney duke odom daugherty travis tang archer`.split(/\s+/);

/** Syllables that make plausible rare surnames (the long tail real lists have). */
export const SURNAME_SYLLABLES = `al an ar bar bel ber bo bran cal car cas chen da del den dor el en er fal fer gan gar gil
ha han har hel ka kal kar ko kow la lan ler li lin lo ma man mar mel mer mon na nar nel no or pa par per pol ra ran
ren ro ros sa san sel sen sha ski son sto ta tan ter to tor va van ver vi wal wen win ya yo za zel`.split(/\s+/);

/** Distinctive words of healthcare business names. */
export const BUSINESS_WORDS = `acme sunrise valley summit evergreen harbor riverside pinnacle cornerstone liberty northstar mercy
heritage keystone magnolia redwood cedar maplewood horizon trinity apex coastal frontier granite ironwood jubilee kindred
lonestar midwest oakwood silverline bluewater eastside greenfield lakeside golden brightpath allied desert prairie
meadow willow aspen birch crescent beacon compass guardian haven legacy pioneer sentinel unity vista zenith alpha omega
delta sigma orion phoenix atlas titan echo aurora cascade canyon mesa ridge sierra tahoe shoreline bayview hillcrest
parkside westgate northgate southpoint elmwood pinecrest rosewood briarwood stonebridge fairview clearwater springdale`.split(/\s+/);

/** Generic healthcare business words (weighted low by the matcher). */
export const BUSINESS_GENERIC = `home health care medical pharmacy supply services clinic center hospice rehabilitation therapy
dental imaging laboratory ambulance transport staffing nursing counseling behavioral wellness diagnostics equipment
orthopedics pediatrics family senior living`.split(/\s+/);

export const BUSINESS_FORMS = ['LLC', 'Inc', 'Corp', 'PC', 'PLLC', 'LLP', 'Co', '', '', ''];

export const US_STATES = 'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' ');
