// Fictional customers: names, contacts and addresses that look real but use reserved
// example domains and 555-style numbers, so no real person's data is ever produced.
import type { Rng } from "./random";
import type { Currency } from "./catalog";

export interface Customer {
  name: string;
  email: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  zipcode: string;
}

interface Place { city: string; state: string; zip: () => string }
interface Locale {
  country: string;
  first: readonly string[];
  last: readonly string[];
  streets: readonly string[];
  places: readonly Place[];
  phone: (rng: Rng) => string;
}

const place = (city: string, state: string, zip: (rng?: Rng) => string): Place => ({ city, state, zip });

const BR: Locale = {
  country: "BR",
  first: ["Ana", "Bruno", "Carla", "Diego", "Eduarda", "Felipe", "Gabriela", "Heitor", "Isabela", "João", "Larissa", "Marcos", "Natália", "Otávio", "Paula", "Rafael", "Sabrina", "Tiago", "Vitória", "Lúcia"],
  last: ["Silva", "Santos", "Oliveira", "Souza", "Lima", "Pereira", "Ferreira", "Almeida", "Costa", "Gomes", "Ribeiro", "Martins", "Araújo", "Barbosa", "Cardoso"],
  streets: ["Rua das Flores", "Av. Paulista", "Rua Augusta", "Rua XV de Novembro", "Av. Atlântica", "Rua da Consolação", "Rua Sete de Setembro"],
  places: [place("São Paulo", "SP", () => "01310-100"), place("Rio de Janeiro", "RJ", () => "22021-001"), place("Belo Horizonte", "MG", () => "30130-010"), place("Curitiba", "PR", () => "80010-000"), place("Porto Alegre", "RS", () => "90010-150"), place("Salvador", "BA", () => "40020-000"), place("Recife", "PE", () => "50010-000"), place("Fortaleza", "CE", () => "60060-000")],
  phone: (rng) => `+55 11 9${rng.digits(4)}-${rng.digits(4)}`,
};

const US: Locale = {
  country: "US",
  first: ["Emma", "Liam", "Olivia", "Noah", "Ava", "Ethan", "Mia", "Lucas", "Harper", "Mason", "Ella", "Logan", "Grace", "Owen", "Chloe"],
  last: ["Smith", "Johnson", "Brown", "Miller", "Davis", "Wilson", "Moore", "Taylor", "Anderson", "Thomas", "Clark", "Lewis", "Walker", "Young"],
  streets: ["Main St", "Oak Ave", "Maple Dr", "Cedar Ln", "Pine St", "Elm St", "Washington Ave"],
  places: [place("Austin", "TX", () => "78701"), place("Portland", "OR", () => "97201"), place("Denver", "CO", () => "80202"), place("Chicago", "IL", () => "60601"), place("Boston", "MA", () => "02108"), place("Miami", "FL", () => "33101"), place("Seattle", "WA", () => "98101")],
  phone: (rng) => `+1 212-555-01${rng.digits(2)}`,
};

const EU_COUNTRIES: readonly Locale[] = [
  {
    country: "DE",
    first: ["Lena", "Jonas", "Mia", "Felix", "Hannah", "Paul", "Lea", "Maximilian"],
    last: ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Wagner", "Becker"],
    streets: ["Hauptstraße", "Bahnhofstraße", "Gartenweg", "Schillerstraße"],
    places: [place("Berlin", "BE", () => "10115"), place("München", "BY", () => "80331"), place("Hamburg", "HH", () => "20095")],
    phone: (rng) => `+49 30 555${rng.digits(4)}`,
  },
  {
    country: "FR",
    first: ["Chloé", "Hugo", "Léa", "Louis", "Manon", "Jules", "Camille"],
    last: ["Martin", "Bernard", "Dubois", "Durand", "Lefebvre", "Moreau"],
    streets: ["Rue de la Paix", "Avenue Victor Hugo", "Rue du Bac"],
    places: [place("Paris", "IDF", () => "75002"), place("Lyon", "ARA", () => "69002"), place("Bordeaux", "NAQ", () => "33000")],
    phone: (rng) => `+33 1 55 ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}`,
  },
  {
    country: "ES",
    first: ["Lucía", "Mateo", "Sofía", "Pablo", "Martina"],
    last: ["García", "Fernández", "López", "Martínez", "Sánchez"],
    streets: ["Calle Mayor", "Gran Vía", "Calle de Alcalá"],
    places: [place("Madrid", "MD", () => "28013"), place("Barcelona", "CT", () => "08002"), place("Valencia", "VC", () => "46002")],
    phone: (rng) => `+34 91 555 ${rng.digits(2)} ${rng.digits(2)}`,
  },
  {
    country: "PT",
    first: ["Beatriz", "Tomás", "Inês", "Rodrigo"],
    last: ["Ferreira", "Carvalho", "Rodrigues", "Nunes"],
    streets: ["Rua Augusta", "Avenida da Liberdade"],
    places: [place("Lisboa", "LI", () => "1100-048"), place("Porto", "PO", () => "4000-322")],
    phone: (rng) => `+351 21 555 ${rng.digits(4)}`,
  },
  {
    country: "NL",
    first: ["Sanne", "Daan", "Emma", "Lars"],
    last: ["de Jong", "Jansen", "de Vries", "Bakker"],
    streets: ["Damrak", "Kalverstraat", "Prinsengracht"],
    places: [place("Amsterdam", "NH", () => "1012 JS"), place("Rotterdam", "ZH", () => "3011 AD")],
    phone: (rng) => `+31 20 555 ${rng.digits(4)}`,
  },
];

const CA: Locale = { ...US, country: "CA", places: [place("Toronto", "ON", () => "M5H 2N2"), place("Vancouver", "BC", () => "V6B 1A1")], phone: (rng) => `+1 416-555-01${rng.digits(2)}` };
const GB: Locale = { ...US, country: "GB", places: [place("London", "ENG", () => "EC1A 1BB"), place("Manchester", "ENG", () => "M1 1AE")], phone: (rng) => `+44 20 7946 0${rng.digits(3)}` };

const DOMAINS = ["example.com", "example.net", "example.org", "mail.example"];

function localeFor(rng: Rng, currency: Currency): Locale {
  if (currency === "brl") return BR;
  if (currency === "eur") return rng.weighted(EU_COUNTRIES, [40, 25, 15, 10, 10]);
  return rng.weighted([US, CA, GB, BR], [80, 8, 8, 4]);
}

function asciiLower(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-zA-Z]/g, "").toLowerCase();
}

export function makeCustomer(rng: Rng, currency: Currency): Customer {
  const locale = localeFor(rng, currency);
  const first = rng.pick(locale.first);
  const last = rng.pick(locale.last);
  const where = rng.pick(locale.places);
  return {
    name: `${first} ${last}`,
    email: `${asciiLower(first)}.${asciiLower(last)}${rng.int(1, 999)}@${rng.pick(DOMAINS)}`,
    phone: locale.phone(rng),
    address1: `${rng.pick(locale.streets)}, ${rng.int(1, 2400)}`,
    address2: rng.chance(0.35) ? `Apt ${rng.int(1, 180)}` : "",
    city: where.city,
    state: where.state,
    country: locale.country,
    zipcode: where.zip(),
  };
}
