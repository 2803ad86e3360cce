import { weightedTable } from './random';

// US Census 2010 surname frequencies (per 100k people), top of the list, rounded.
export const SURNAMES = weightedTable<string>([
  ['SMITH', 828], ['JOHNSON', 655], ['WILLIAMS', 550], ['BROWN', 487], ['JONES', 483], ['GARCIA', 395],
  ['MILLER', 394], ['DAVIS', 378], ['RODRIGUEZ', 365], ['MARTINEZ', 354], ['HERNANDEZ', 344], ['LOPEZ', 293],
  ['GONZALEZ', 283], ['WILSON', 276], ['ANDERSON', 273], ['THOMAS', 264], ['TAYLOR', 262], ['MOORE', 244],
  ['JACKSON', 241], ['MARTIN', 237], ['LEE', 234], ['PEREZ', 228], ['THOMPSON', 226], ['WHITE', 222],
  ['HARRIS', 207], ['SANCHEZ', 207], ['CLARK', 190], ['RAMIREZ', 187], ['LEWIS', 185], ['ROBINSON', 182],
  ['WALKER', 182], ['YOUNG', 168], ['ALLEN', 167], ['KING', 163], ['WRIGHT', 162], ['SCOTT', 154],
  ['TORRES', 153], ['NGUYEN', 152], ['HILL', 152], ['FLORES', 151], ['GREEN', 150], ['ADAMS', 147],
  ['NELSON', 146], ['BAKER', 145], ['HALL', 139], ['RIVERA', 138], ['CAMPBELL', 137], ['MITCHELL', 136],
  ['CARTER', 134], ['ROBERTS', 133], ['PATEL', 60], ['KIM', 60], ['O\'BRIEN', 30], ['MCDONALD', 50],
  ['DE LA CRUZ', 20], ['VAN DYKE', 10], ['SMITH-JONES', 5], ['OKAFOR', 8], ['CHEN', 60], ['WANG', 55],
  ['KOWALSKI', 12], ['MULLER', 10], ['ST JOHN', 6], ['DIAZ', 120], ['REYES', 110], ['MORALES', 100],
  ['COOK', 105], ['MORGAN', 100], ['BELL', 98], ['MURPHY', 97], ['BAILEY', 95], ['COOPER', 94],
]);

// SSA popular given names (1950–1990 births), weights roughly by frequency.
export const MALE_FIRST = weightedTable<string>([
  ['JAMES', 330], ['MICHAEL', 320], ['ROBERT', 310], ['JOHN', 300], ['DAVID', 290], ['WILLIAM', 250],
  ['RICHARD', 200], ['JOSEPH', 190], ['THOMAS', 180], ['CHRISTOPHER', 170], ['CHARLES', 160], ['DANIEL', 150],
  ['MATTHEW', 140], ['ANTHONY', 120], ['MARK', 115], ['DONALD', 110], ['STEVEN', 110], ['PAUL', 100],
  ['ANDREW', 95], ['JOSHUA', 90], ['KENNETH', 85], ['KEVIN', 80], ['BRIAN', 80], ['GEORGE', 75],
  ['JOSE', 70], ['LUIS', 50], ['CARLOS', 45], ['WEI', 15], ['RAJESH', 10], ['OLUWASEUN', 5], ['ROBERTO', 30],
]);
export const FEMALE_FIRST = weightedTable<string>([
  ['MARY', 320], ['PATRICIA', 220], ['JENNIFER', 210], ['LINDA', 200], ['ELIZABETH', 180], ['BARBARA', 170],
  ['SUSAN', 160], ['JESSICA', 150], ['SARAH', 140], ['KAREN', 135], ['LISA', 130], ['NANCY', 120],
  ['BETTY', 110], ['MARGARET', 105], ['SANDRA', 100], ['ASHLEY', 95], ['KIMBERLY', 90], ['EMILY', 85],
  ['DONNA', 80], ['MICHELLE', 80], ['CAROL', 75], ['AMANDA', 75], ['MELISSA', 70], ['DEBORAH', 70],
  ['MARIA', 90], ['ROSA', 30], ['ANA', 30], ['MEI', 10], ['PRIYA', 10], ['CHIOMA', 5], ['KATHLEEN', 60],
]);

/** Nicknames used as AKAs. */
export const NICKNAMES: Record<string, string> = {
  JAMES: 'JIM', MICHAEL: 'MIKE', ROBERT: 'BOB', JOHN: 'JACK', WILLIAM: 'BILL', RICHARD: 'DICK', JOSEPH: 'JOE',
  THOMAS: 'TOM', CHRISTOPHER: 'CHRIS', CHARLES: 'CHUCK', DANIEL: 'DAN', ELIZABETH: 'BETH', PATRICIA: 'PATTY',
  MARGARET: 'PEGGY', KATHLEEN: 'KATHY', JENNIFER: 'JENNY', DEBORAH: 'DEBBIE', SUSAN: 'SUE', ANTHONY: 'TONY',
};

export const SUFFIXES = weightedTable<string>([['', 96], ['JR', 2.5], ['SR', 1], ['III', 0.4], ['II', 0.1]]);

export const BUSINESS_WORDS = ['SUNRISE', 'GOLDEN', 'HARBOR', 'PINNACLE', 'LIBERTY', 'EVERGREEN', 'CORNERSTONE', 'SUMMIT', 'RIVERSIDE', 'NORTHSTAR', 'FAMILY', 'COMMUNITY', 'PREMIER', 'UNITED', 'METRO', 'BRIGHT PATH', 'HEARTLAND', 'COASTAL', 'VALLEY', 'ALLIED'];
export const BUSINESS_KINDS = ['HOME HEALTH CARE', 'PHARMACY', 'MEDICAL SUPPLY', 'AMBULANCE SERVICE', 'FAMILY MEDICINE', 'DENTAL GROUP', 'REHAB CENTER', 'NURSING HOME', 'DME', 'LABORATORY', 'TRANSPORTATION', 'BEHAVIORAL HEALTH', 'CLINIC', 'HOSPICE'];
export const LEGAL_SUFFIXES = weightedTable<string>([['LLC', 40], ['INC', 30], ['INC.', 5], ['CORP', 6], ['PC', 6], ['PLLC', 6], ['P.A.', 3], ['LLP', 2], ['LTD', 2]]);

export const STREETS = ['MAIN ST', 'OAK AVE', 'MAPLE DR', 'ELM ST', 'PARK AVE', 'WASHINGTON BLVD', 'LAKE RD', 'HILL ST', 'CEDAR LN', 'PINE ST', '2ND AVE', 'BROADWAY', 'MARKET ST', 'RIVER RD', 'CHURCH ST', 'HIGHLAND AVE'];

/** [city, state, zip prefix] by rough population weight. */
export const PLACES = weightedTable<readonly [string, string, string]>([
  [['NEW YORK', 'NY', '100'], 30], [['BROOKLYN', 'NY', '112'], 15], [['BUFFALO', 'NY', '142'], 4], [['LOS ANGELES', 'CA', '900'], 25],
  [['SAN DIEGO', 'CA', '921'], 10], [['FRESNO', 'CA', '937'], 4], [['HOUSTON', 'TX', '770'], 20], [['DALLAS', 'TX', '752'], 12],
  [['EL PASO', 'TX', '799'], 5], [['COLUMBUS', 'OH', '432'], 8], [['CLEVELAND', 'OH', '441'], 6], [['PHILADELPHIA', 'PA', '191'], 12],
  [['PITTSBURGH', 'PA', '152'], 6], [['MIAMI', 'FL', '331'], 15], [['TAMPA', 'FL', '336'], 8], [['CHICAGO', 'IL', '606'], 20],
  [['DETROIT', 'MI', '482'], 8], [['ATLANTA', 'GA', '303'], 10], [['NEWARK', 'NJ', '071'], 6], [['BOSTON', 'MA', '021'], 8],
  [['PHOENIX', 'AZ', '850'], 12], [['DENVER', 'CO', '802'], 8], [['SEATTLE', 'WA', '981'], 8], [['NASHVILLE', 'TN', '372'], 6],
  [['BALTIMORE', 'MD', '212'], 6], [['NEW ORLEANS', 'LA', '701'], 5], [['SAINT LOUIS', 'MO', '631'], 5], [['SAN JUAN', 'PR', '009'], 3],
]);

/** [LEIE general, LEIE specialty, NPPES taxonomy, licence prefix]. */
export const PROFESSIONS = weightedTable<readonly [string, string, string, string]>([
  [['NURSING PROFESSION', 'NURSE/NURSES AIDE', '163W00000X', 'RN'], 30],
  [['NURSING PROFESSION', 'HEALTH CARE AIDE', '374700000X', 'CNA'], 15],
  [['IND- LIC HC SERV PRO', 'PHARMACIST', '183500000X', 'RPH'], 8],
  [['DOCTOR(MD, DO)', 'FAMILY PRACTICE', '207Q00000X', 'MD'], 10],
  [['DOCTOR(MD, DO)', 'INTERNAL MEDICINE', '207R00000X', 'MD'], 8],
  [['IND- LIC HC SERV PRO', 'DENTIST', '122300000X', 'DDS'], 5],
  [['IND- LIC HC SERV PRO', 'CHIROPRACTOR', '111N00000X', 'DC'], 4],
  [['EMPLOYEE - PRIVATE S', 'PERSONAL CARE PROVID', '3747P1801X', 'PCA'], 10],
  [['IND- LIC HC SERV PRO', 'PSYCHOLOGIST', '103T00000X', 'PSY'], 4],
  [['BUS OWNER/EXEC', 'HOME HEALTH AGENCY', '251E00000X', 'HHA'], 6],
]);

/** Foreign names for OFAC entries. */
export const FOREIGN_SURNAMES = ['AL-HASSAN', 'IVANOV', 'PETROV', 'KARIMI', 'RAHMAN', 'HOSSEINI', 'SOKOLOV', 'MENDOZA', 'CASTILLO', 'KIM', 'PARK', 'NASSER', 'HADDAD', 'VOLKOV', 'ORTEGA', 'ABDULLAH', 'ZHANG', 'MORENO'];
export const FOREIGN_GIVEN = ['Ahmad', 'Mohammed', 'Ali', 'Sergei', 'Dmitri', 'Olga', 'Reza', 'Fatima', 'Juan Carlos', 'Luis Alberto', 'Jong Un', 'Hassan', 'Viktor', 'Elena', 'Omar', 'Wei', 'Yusuf', 'Maria Elena'];
export const FOREIGN_COUNTRIES = ['Iran', 'Russia', 'Syria', 'Venezuela', 'North Korea', 'Cuba', 'Lebanon', 'Mexico', 'Colombia', 'China', 'United Arab Emirates', 'Turkey'];
export const OFAC_PROGRAMS = ['SDGT', 'IRAN', 'RUSSIA-EO14024', 'SDNTK', 'CUBA', 'SYRIA', 'VENEZUELA-EO13850', 'DPRK3', 'IFSR', 'CYBER2', 'GLOMAG', 'UKRAINE-EO13662'];
export const OFAC_ENTITY_WORDS = ['TRADING', 'SHIPPING', 'PETROLEUM', 'INVESTMENT', 'HOLDING', 'INDUSTRIAL', 'EXCHANGE', 'LOGISTICS', 'TECHNOLOGY', 'MARINE'];
export const OFAC_ENTITY_SUFFIX = ['LLC', 'LTD.', 'CO.', 'FZE', 'JSC', 'OOO', 'S.A.', 'GMBH', 'COMPANY LIMITED'];
