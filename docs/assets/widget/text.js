/* cardrules widget: its own words (the page's chrome: buttons, headings, messages), in English
 * and Spanish, and the page's settings.
 *
 * Sentences about the deal (what happened, who took a trick, who won) are not here: they come
 * from Python, from the narration (cardrules.narration.Narrator via cardrules.web). */

export const TEXT = {
  en: {
    waiting: "This deal becomes interactive when Python has loaded in your browser.",
    start: "Step through this deal",
    loading: "Loading Python in your browser…",
    computing: "Replaying the deal in Python…",
    failed: "The interactive version could not start: Python did not load in this browser. " +
      "The diagram shows the whole deal.",
    badDeal: "This deal could not be shown: {error}",
    first: "First", back: "Back", next: "Next", last: "Last",
    firstTitle: "Back to the deal", backTitle: "One step back",
    nextTitle: "One step forward", lastTitle: "To the end of the deal",
    step: "Step {n} of {total}",
    jump: "Go to",
    dealt: "The deal",
    trick: "Trick {n}",
    end: "End of the deal",
    view: "Show",
    everyHand: "every hand (open)",
    seatView: "what {name} sees",
    seat: "seat {n}",
    side: "side {n}",
    dealer: "dealer",
    toPlay: "to play",
    turnUp: "Turned-up card",
    trumps: "Trumps: {suit}",
    noTrumps: "No trumps",
    trumpsFrom: {
      call: "No trumps until the call",
      trump: "No trumps until the auction's winner names them",
      other: "No trumps yet"
    },
    auction: "Auction",
    round: "Round",
    pass: "pass",
    talon: "Talon, face down",
    talonShown: "The talon, shown",
    talonTaken: "The talon, shown and taken by {name}",
    faceDown: "Put face down by {name}",
    parts: {
      cards: "Cards won", discard: "Discards", declare: "Marriages", last: "Last trick",
      end: "At the end", other: "Other"
    },
    hiddenPart: "not shown: only its owner sees it",
    stock: "Stock: {n}",
    aside: "Aside: {n}",
    table: "On the table",
    empty: "No card on the table yet.",
    sideCol: "Side", playerCol: "Player", pointsCol: "Points", tricksCol: "Tricks",
    cards: "{n} cards",
    lookupTitle: "Look up a term",
    lookupHint: "Type a word (arrastrar, fallar, monsieur…) or click a play's label.",
    lookupPlaceholder: "arrastrar, pisar, carico…",
    lookupButton: "Look up",
    lookupWorking: "Looking it up in Python…",
    notFound: "“{query}” is not in the glossary.",
    didYouMean: "Did you mean:",
    alsoMatches: "Also:",
    inEnglish: "English", inSpanish: "Spanish",
    games: "Games: {list}",
    seeAlso: "See also:",
    example: "Example",
    runExample: "Run the example",
    running: "Running…",
    passed: "✓ The example ran in Python in your browser and passed ({ms} ms).",
    failedExample: "✗ The example failed:",
    inGlossary: "In the glossary",
    source: "Choose a deal",
    sample: "Sample deal",
    otherDeal: "— another deal —",
    show: "Show",
    newDeal: "Or deal a new one (played by the bots)",
    game: "Game",
    players: "Players",
    seed: "Seed",
    seedHint: "empty: a random seed",
    deal: "Deal",
    paste: "Paste a deal record (JSON)",
    pasteButton: "Show this record",
    record: "This deal's record",
    playersN: "{n} players"
  },
  es: {
    waiting: "Esta mano se podrá recorrer paso a paso cuando Python se haya cargado en el navegador.",
    start: "Recorrer esta mano paso a paso",
    loading: "Cargando Python en el navegador…",
    computing: "Reproduciendo la mano en Python…",
    failed: "La versión interactiva no ha podido arrancar: Python no se ha cargado en este " +
      "navegador. El diagrama muestra la mano entera.",
    badDeal: "No se puede mostrar esta mano: {error}",
    first: "Inicio", back: "Atrás", next: "Adelante", last: "Final",
    firstTitle: "Volver al reparto", backTitle: "Un paso atrás",
    nextTitle: "Un paso adelante", lastTitle: "Al final de la mano",
    step: "Paso {n} de {total}",
    jump: "Ir a",
    dealt: "El reparto",
    trick: "Baza {n}",
    end: "Final de la mano",
    view: "Mostrar",
    everyHand: "todas las manos (vista abierta)",
    seatView: "lo que ve {name}",
    seat: "asiento {n}",
    side: "bando {n}",
    dealer: "da las cartas",
    toPlay: "le toca",
    turnUp: "Muestra",
    trumps: "Triunfo: {suit}",
    noTrumps: "Sin triunfo",
    trumpsFrom: {
      call: "Sin triunfo hasta la llamada",
      trump: "Sin triunfo hasta que lo elige quien gana la subasta",
      other: "Aún sin triunfo"
    },
    auction: "Subasta",
    round: "Vuelta",
    pass: "paso",
    talon: "Talón, boca abajo",
    talonShown: "El talón, a la vista",
    talonTaken: "El talón, a la vista; se lo queda {name}",
    faceDown: "Puestas boca abajo por {name}",
    parts: {
      cards: "Cartas ganadas", discard: "Descartes", declare: "Cantes",
      last: "Diez de últimas", end: "Al final", other: "Otros"
    },
    hiddenPart: "oculto: solo lo ve su dueño",
    stock: "Mazo: {n}",
    aside: "Apartadas: {n}",
    table: "En la mesa",
    empty: "Todavía no hay cartas en la mesa.",
    sideCol: "Bando", playerCol: "Jugador", pointsCol: "Puntos", tricksCol: "Bazas",
    cards: "{n} cartas",
    lookupTitle: "Buscar un término",
    lookupHint: "Escribe una palabra (arrastrar, fallar, monsieur…) o pulsa la etiqueta de una jugada.",
    lookupPlaceholder: "arrastrar, pisar, carico…",
    lookupButton: "Buscar",
    lookupWorking: "Buscando en Python…",
    notFound: "«{query}» no está en el glosario.",
    didYouMean: "¿Quizá:",
    alsoMatches: "También:",
    inEnglish: "Inglés", inSpanish: "Español",
    games: "Juegos: {list}",
    seeAlso: "Véase también:",
    example: "Ejemplo",
    runExample: "Ejecutar el ejemplo",
    running: "Ejecutando…",
    passed: "✓ El ejemplo se ha ejecutado en Python en su navegador y ha pasado ({ms} ms).",
    failedExample: "✗ El ejemplo ha fallado:",
    inGlossary: "En el glosario",
    source: "Elegir una mano",
    sample: "Mano de ejemplo",
    otherDeal: "— otra mano —",
    show: "Mostrar",
    newDeal: "O repartir una nueva (la juegan los bots)",
    game: "Juego",
    players: "Jugadores",
    seed: "Semilla",
    seedHint: "vacía: una semilla al azar",
    deal: "Repartir",
    paste: "Pegar un registro de partida (JSON)",
    pasteButton: "Mostrar este registro",
    record: "El registro de esta mano",
    playersN: "{n} jugadores"
  }
};

/* The page's settings (docs/hooks/widget.py writes them into the page), its language and its
 * words: set once by main.js before anything is built. */
export const page = { config: null, lang: "en", t: TEXT.en };

export function configure(config, lang) {
  page.config = config;
  page.lang = lang === "es" ? "es" : "en";
  page.t = TEXT[page.lang];
}

/* "{n} players" with n = 4 -> "4 players" (unknown fields are left as they are). */
export function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) =>
    Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole);
}
