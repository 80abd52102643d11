"""The French catalogue: English text as written in the code -> French text. Placeholders ``{name}`` are kept.

Words of the game: a box is une case, a line un trait, a chain une chaîne, the double-cross le coup double.
"""

FRENCH: dict[str, str] = {
    # -- menu and navigation
    "Dots and Boxes": "Le jeu des petits carrés",
    "Continue": "Reprendre",
    "New game": "Nouvelle partie",
    "Quick play": "Jouer tout de suite",  # ("Partie rapide" is the timed game, How to play's move timer page)
    "How to play": "Comment jouer",
    "History": "Historique",
    "Settings": "Réglages",
    "Back": "Retour",
    "Menu": "Menu",
    "Play": "Jouer",
    "Done": "Terminé",
    "Next": "Suivant",
    "Previous": "Précédent",
    "Rematch": "Revanche",
    "Replace": "Remplacer",
    "You have an unfinished game": "Vous avez une partie en cours",
    # -- settings
    "Board": "Plateau",
    "Square": "Carré",
    "Triangle": "Triangle",
    "Hexagon": "Hexagone",
    "Rows": "Lignes",
    "Columns": "Colonnes",
    "Size": "Taille",
    "{n} boxes · {dots} dots": "{n} cases · {dots} points",
    "{n} dots a side · {cells} triangles": "{n} points de côté · {cells} triangles",
    "{cells} cells · {dots} dots": "{cells} cases · {dots} points",
    "Options": "Options",
    "Rules": "Règles",
    "Players": "Joueurs",
    "Player {n}": "Joueur {n}",
    "Human": "Humain",
    "Who starts": "Qui commence",
    "Random": "Au hasard",
    "Winner": "Gagnant",
    "Most boxes": "Plus de cases",  # (a segment of the Rules page: one line on a 360 px phone)
    "Most triangles": "Plus de triangles",
    "Most hexagons": "Plus d'hexagones",
    "Fewest (misère)": "Moins (misère)",
    "Start": "Départ",
    "Empty": "Vide",
    "Extra move": "Coup en plus",
    "Yes": "Oui",
    "No (house rule)": "Non (maison)",
    "Move timer": "Temps par coup",
    "Off": "Non",
    "On": "Oui",
    "Match": "Match",
    "One board": "Un plateau",
    "{n} boards": "{n} plateaux",
    "Sound": "Son",
    "Patterns": "Motifs",
    "Animation": "Animation",
    "Slow": "Lente",
    "Normal": "Normale",
    "Fast": "Rapide",
    "Language": "Langue",
    "Automatic": "Auto",  # (the language row: "Automatique" does not fit the narrowest landscape)
    "Not possible: {why}": "Impossible : {why}",
    " · competitive: no undo or hints": " · compétition : ni annulation ni indice",
    # -- levels
    "Beginner": "Débutant",
    "Easy": "Facile",
    "Medium": "Moyen",
    "Hard": "Difficile",
    "Expert": "Expert",
    "You": "Vous",
    "Computer": "Ordinateur",  # (its first letter marks the computer's cells, as Y and C do in English)
    # -- boards described
    "{r}x{c} boxes ({r1}x{c1} dots)": "{r}x{c} cases ({r1}x{c1} points)",
    "triangle, {n} dots a side ({cells} triangles)": "triangle, {n} points de côté ({cells} triangles)",
    "hexagon, {cells} cells ({dots} dots)": "hexagone, {cells} cases ({dots} points)",
    "{r}x{c} boxes": "{r}x{c} cases",
    "triangle {n}": "triangle {n}",
    "hexagon {cells}": "hexagone {cells}",
    "unknown board": "plateau inconnu",
    # -- the board scene
    "Undo": "Annuler",
    "Hint": "Indice",
    "Next board": "Plateau suivant",
    "No undo in a competitive game": "Pas d'annulation en compétition",
    "Nothing of yours to undo yet": "Rien à annuler pour vous",
    "No hints in a competitive game": "Pas d'indice en compétition",
    "This board is finished": "Ce plateau est terminé",
    "Wait: it is {name}'s turn": "Attendez : c'est à {name} de jouer",
    "Wait for the line to be drawn": "Attendez que le trait soit tracé",
    "That line is taken": "Ce trait est déjà pris",
    "That line is taken: it was drawn at the start": "Ce trait est déjà pris : il était tracé dès le départ",
    "That line is taken: you drew it": "Ce trait est déjà pris : vous l'avez tracé",
    "That line is taken: {name} drew it": "Ce trait est déjà pris : {name} l'a tracé",
    "Too quick: tap the line again to draw it": "Trop vite : touchez le trait encore une fois pour le tracer",
    "Time ran out: a line was drawn for you": "Temps écoulé : un trait a été tracé pour vous",
    "Time ran out: a line was drawn for {name}": "Temps écoulé : un trait a été tracé pour {name}",
    "Board {n} of {total} finished": "Plateau {n} sur {total} terminé",
    "board {n} of {total}": "plateau {n} sur {total}",
    "this board": "ce plateau",
    "total": "total",
    "misère": "misère",
    "no extra move": "sans coup en plus",
    "Press Next board when you are ready": "Touchez Plateau suivant quand vous êtes prêt",
    "Game over": "Partie terminée",
    "{name} is thinking": "{name} réfléchit",
    "Looking for a good line...": "Recherche d'un bon trait...",
    "{name} plays": "{name} joue",
    "Your turn": "À vous",
    "Your turn again (extra move)": "Encore à vous (coup en plus)",
    "{name}'s turn": "À {name}",
    "{name}'s turn again (extra move)": "Encore à {name} (coup en plus)",
    # -- hints
    "Hint: try the marked line": "Indice : essayez le trait marqué",
    "Hint: a safe line, it gives no box its third side": (
        "Indice : un trait sûr, il ne donne à aucune case son troisième côté"
    ),
    "Hint: a safe line, it gives no triangle its second side": (
        "Indice : un trait sûr, il ne donne à aucun triangle son deuxième côté"
    ),
    "Hint: a safe line, it gives no hexagon its fifth side": (
        "Indice : un trait sûr, il ne donne à aucun hexagone son cinquième côté"
    ),
    "Hint: take the box, then move again": "Indice : prenez la case, puis rejouez",
    "Hint: take the triangle, then move again": "Indice : prenez le triangle, puis rejouez",
    "Hint: take the hexagon, then move again": "Indice : prenez l'hexagone, puis rejouez",
    "Hint: {reason}": "Indice : {reason}",
    "takes the box": "prend la case",
    "safe line": "trait sûr",
    "take all but two: keeps control": "prenez tout sauf deux : vous gardez le contrôle",
    "take all but four: keeps control": "prenez tout sauf quatre : vous gardez le contrôle",
    "sacrifice to win control": "sacrifice pour prendre le contrôle",
    "you are winning: the rest is yours with correct play": "vous gagnez : le reste est à vous en jouant juste",
    "opens the shortest chain (gives {n})": "ouvre la chaîne la plus courte (donne {n})",
    # -- results
    "A draw": "Match nul",
    "Shared win: {names}": "Victoire partagée : {names}",
    " and ": " et ",
    "You win!": "Vous gagnez !",
    "{name} wins": "{name} gagne",
    "Score after each move": "Score après chaque coup",
    "moves": "coups",
    "misère: fewest boxes wins": "misère : le moins de cases gagne",
    "misère: fewest triangles wins": "misère : le moins de triangles gagne",
    "misère: fewest hexagons wins": "misère : le moins d'hexagones gagne",
    # -- history
    "Opponent": "Adversaire",
    "Level": "Niveau",
    "Played": "Jouées",
    "W-D-L": "G-N-P",
    "Best": "Meilleur",
    "Clear": "Effacer",
    "Keep them": "Les garder",
    "Delete {n}": "Effacer {n}",
    "History cleared.": "Historique effacé.",
    "No finished games yet.": "Aucune partie terminée pour l'instant.",
    "Reading your games…": "Lecture de vos parties…",
    "and {n} more": "et {n} de plus",
    "This cannot be undone. An unfinished game is kept.": "C'est définitif. Une partie en cours est gardée.",
    "{name} won": "{name} a gagné",
    "You resigned": "Vous avez abandonné",
    "{name} resigned": "{name} a abandonné",
    "draw": "nul",
    "Play the computer to see your record by level and board.": (
        "Jouez contre l'ordinateur pour voir votre bilan par niveau et par plateau."
    ),
    "Jan": "janv.",
    "Feb": "févr.",
    "Mar": "mars",
    "Apr": "avr.",
    "May": "mai",
    "Jun": "juin",
    "Jul": "juil.",
    "Aug": "août",
    "Sep": "sept.",
    "Oct": "oct.",
    "Nov": "nov.",
    "Dec": "déc.",
    # -- how to play
    "How to play · {n}/{total}": "Comment jouer · {n}/{total}",
    "game over · {score}": "partie terminée · {score}",
    "{mover} to move · {score}": "à {mover} de jouer · {score}",
    "{mover} to move again · {score}": "encore à {mover} · {score}",
    "Lines and boxes": "Traits et cases",
    "A double capture": "Une double prise",
    "One line can be the last side of two boxes at once: you score both, and move again once.": (
        "Un trait peut être le dernier côté de deux cases à la fois : vous marquez les deux et rejouez une fois."
    ),
    "one line, two boxes": "un trait, deux cases",
    "A scores 2": "A marque 2",
    "Chains": "Les chaînes",
    "A chain is a row of boxes with two sides left each. Draw any line in it and your opponent can take every "
    "box in it, one after another.": (
        "Une chaîne est une suite de cases à qui il reste deux côtés chacune. Tracez-y un trait et votre "
        "adversaire peut prendre toutes ses cases, l'une après l'autre."
    ),
    "no safe line left for A": "plus de trait sûr pour A",
    "B takes the chain...": "B prend la chaîne...",
    "...all three boxes": "...les trois cases",
    "The double-cross": "Le coup double",
    "Triangles": "Les triangles",
    "Triangle boards play by the same rules: a triangle has three sides, and whoever draws the last one owns "
    "it and moves again.": (
        "Les plateaux triangulaires suivent les mêmes règles : un triangle a trois côtés, et qui trace le dernier "
        "le prend et rejoue."
    ),
    "1 and 2 each close a triangle": "1 et 2 ferment chacun un triangle",
    "3 closed nothing: turn over": "3 ne ferme rien : tour fini",
    "Hexagons": "Les hexagones",
    "Hexagon boards too: six sides to a cell. A line shared by two cells with five sides each takes both.": (
        "Les plateaux hexagonaux aussi : six côtés par case. Un trait commun à deux cases qui ont chacune cinq "
        "côtés les prend toutes les deux."
    ),
    "one line, two hexagons": "un trait, deux hexagones",
    # -- saved data that cannot be used
    "the saved game is not in a form this version reads": "la partie sauvegardée n'est pas lisible par cette version",
    "the saved game's settings are impossible: {why}": "les réglages de la partie sauvegardée sont impossibles : {why}",
    "the saved game is incomplete": "la partie sauvegardée est incomplète",
    "the saved game's first player does not exist": "le premier joueur de la partie sauvegardée n'existe pas",
    "the saved game has the wrong number of boards": "la partie sauvegardée n'a pas le bon nombre de plateaux",
    "the saved game's moves cannot be read: {why}": "les coups de la partie sauvegardée sont illisibles : {why}",
    "the saved game's boards do not match its settings": (
        "les plateaux de la partie sauvegardée ne correspondent pas à ses réglages"
    ),
    "the saved settings are not a set of named values": "les réglages sauvegardés ne sont pas lisibles",
    "{name} should be {kind}, not {value}": "{name} devrait être {kind}, pas {value}",
    "yes or no": "oui ou non",
    "text": "du texte",
    "a whole number": "un nombre entier",
    "a list": "une liste",
    "a player should be named values, not {value}": "un joueur devrait être un jeu de valeurs nommées, pas {value}",
    "unknown board shape {shape!r}": "forme de plateau inconnue {shape!r}",
    "a {shape} board of size {size} is not offered": "un plateau {shape} de taille {size} n'est pas proposé",
    "{n} players: a game has 2 to 4": "{n} joueurs : une partie se joue à 2, 3 ou 4",
    "player {n} is {kind!r} at level {level!r}": "le joueur {n} est {kind!r} au niveau {level!r}",
    "a {seconds} s move timer is not offered": "un temps de {seconds} s par coup n'est pas proposé",
    "player {n} cannot start a game of {players}": "le joueur {n} ne peut pas commencer une partie à {players}",
    "animation speed {speed!r} is not offered": "la vitesse d'animation {speed!r} n'est pas proposée",
    "language {code!r} is not offered": "la langue {code!r} n'est pas proposée",
    # -- players: colours, initials, names
    "Names and colours": "Noms et couleurs",
    "Add a name": "Ajouter un nom",
    "Initial": "Initiale",
    "Initial {initial}": "Initiale {initial}",
    "Initial {initial} (auto)": "Initiale {initial} (auto)",
    "Blue": "Bleu",
    "Orange": "Orange",
    "Green": "Vert",
    "Pink": "Rose",
    "Sky blue": "Bleu ciel",
    "Colours: {colours}. Each seat keeps its pattern.": "Couleurs : {colours}. Chaque place garde son motif.",
    "Player {n} colour": "Couleur du joueur {n}",
    "Player {n}'s name": "Nom du joueur {n}",
    "(the seat's own name)": "(le nom par défaut)",
    "Space": "Espace",
    "Delete": "Supprimer",
    "{name} (computer)": "{name} (ordinateur)",
    "player {n}'s colour {colour!r} is not one of {colours}": (
        "la couleur {colour!r} du joueur {n} n'est pas l'une de {colours}"
    ),
    "player {n}'s initial {initial!r} is not one capital letter": (
        "l'initiale {initial!r} du joueur {n} n'est pas une seule majuscule"
    ),
    "player {n}'s name {name!r} is not up to {limit} letters and digits": (
        "le nom {name!r} du joueur {n} n'est pas fait d'au plus {limit} lettres et chiffres"
    ),
    "two players cannot have the same colour": "deux joueurs ne peuvent pas avoir la même couleur",
    "two players cannot have the same initial": "deux joueurs ne peuvent pas avoir la même initiale",
    "{n} players' looks: a game has at most 4 players": "{n} joueurs décrits : une partie a au plus 4 joueurs",
    # -- results: matches, deciders, practice
    "Decider": "Belle",
    "Competitive": "Compétition",
    "No undo or hints": "Sans annulation ni indice",
    "Play a decider: {board}": "Jouer la belle : {board}",
    "board by board, then the total": "plateau par plateau, puis le total",
    "practice game: not recorded": "partie d'entraînement : non enregistrée",
    # -- how to play: the interactive pages and every variant
    "A closes a box": "A ferme une case",
    "A draws": "A trace",
    "A house rule: closing a box still makes it yours, but your turn ends anyway. Chains are no longer "
    "taken in one turn.": (
        "Une règle maison : la case que vous fermez reste à vous, mais votre tour s'arrête quand même. Une "
        "chaîne ne se prend plus d'un seul tour."
    ),
    "A owns it, but B moves next": "elle est à A, mais B joue ensuite",
    "A takes both with one line (the double-cross), but then has to open the bottom chain.": (
        "A prend les deux d'un seul trait (le coup double), mais doit ensuite ouvrir la chaîne du bas."
    ),
    "A's time ran out": "le temps de A est écoulé",
    "All three.": "Les trois.",
    "Capturing is optional. When your opponent opens a long chain, take all but the last two boxes and "
    "leave those two: your opponent takes both with one line, then has to open the next chain. Try it.": (
        "Prendre n'est pas obligatoire. Quand l'adversaire ouvre une longue chaîne, prenez tout sauf les deux "
        "dernières cases et laissez-les : il les prend d'un seul trait, puis doit ouvrir la chaîne suivante. "
        "Essayez."
    ),
    "Capturing is optional: leave the last two boxes, draw the far end of the chain.": (
        "Prendre n'est pas obligatoire : laissez les deux dernières cases, tracez le bout de la chaîne."
    ),
    "Closing a box gives you an extra move: draw another line.": (
        "Fermer une case vous fait rejouer : tracez un autre trait."
    ),
    "Done: a box is yours when you draw its last side, and you move again.": (
        "Voilà : une case est à vous quand vous tracez son dernier côté, et vous rejouez."
    ),
    "In misère the fewest boxes wins; you still own what you close and move again. The strategy flips: when your "
    "opponent opens a chain, do not take it; draw a line in it that closes nothing. Try it.": (
        "En misère (ou « qui perd gagne »), le moins de cases l'emporte ; ce que vous fermez est à vous et vous "
        "rejouez. La stratégie s'inverse : quand l'adversaire ouvre une chaîne, ne la prenez pas ; tracez-y un "
        "trait qui ne ferme rien. Essayez."
    ),
    "You are B. A opened the top chain: draw a line in it that closes nothing.": (
        "Vous êtes B. A a ouvert la chaîne du haut : tracez-y un trait qui ne ferme rien."
    ),
    "A box you take counts against you: draw a line of the top chain that closes nothing.": (
        "Une case prise compte contre vous : tracez un trait de la chaîne du haut qui ne ferme rien."
    ),
    "The chain is A's again: every line A draws takes a box or opens the bottom chain.": (
        "La chaîne revient à A : chaque trait qu'il trace prend une case ou ouvre la chaîne du bas."
    ),
    "A opened the bottom chain: give it back the same way.": (
        "A a ouvert la chaîne du bas : rendez-la de la même façon."
    ),
    "A box you take counts against you: draw a line of the bottom chain that closes nothing.": (
        "Une case prise compte contre vous : tracez un trait de la chaîne du bas qui ne ferme rien."
    ),
    "Every line left closes a box: A has to take all six.": (
        "Chaque trait restant ferme une case : A doit prendre les six."
    ),
    "B wins 0 to 6: in misère, hand the chains back and make your opponent take them.": (
        "B gagne 0 à 6 : en misère, rendez les chaînes et faites-les prendre à l'adversaire."
    ),
    "Keep going.": "Continuez.",
    "Misère": "Misère",
    "No extra move": "Sans coup en plus",
    "Now decline the last two: draw the far end of the chain, not the line that takes a box.": (
        "Refusez maintenant les deux dernières : tracez le bout de la chaîne, pas le trait qui prend une case."
    ),
    "One box taken, and you move again.": "Une case prise, et vous rejouez.",
    "Players take turns drawing one line between two neighbouring dots. Boxes belong to whoever closes "
    "them; when every line is drawn, the most boxes wins. Try it: tap a line.": (
        "Chacun à son tour trace un trait entre deux points voisins. Une case appartient à qui la ferme ; "
        "quand tous les traits sont tracés, le plus de cases gagne. Essayez : touchez un trait."
    ),
    "Practice": "Entraînement",
    "Practice game": "Partie d'entraînement",
    "Ready? Start as beginners do, on 3x3 dots (2x2 boxes), against the beginner computer; then move up to "
    "5x5 dots (4x4 boxes), and to 6x6 dots and larger for serious play. Practice games are not recorded in your "
    "history and leave any unfinished game as it is.": (
        "Prêt ? Commencez comme les débutants, sur 3x3 points (2x2 cases), contre l'ordinateur débutant ; puis "
        "passez à 5x5 points (4x4 cases), et à 6x6 points et plus pour jouer sérieusement. Les parties "
        "d'entraînement n'entrent pas dans l'historique et laissent la partie en cours telle quelle."
    ),
    "Show me": "Montrez-moi",
    "Speed play: 10, 15 or 30 seconds a move. When the time runs out a random line is drawn for whoever "
    "is to move, person or computer. The clock starts again on every move, extra moves too, and stops "
    "while a line is being drawn. Undo and hints stay on in a casual timed game; Competitive (in New game's rules) "
    "turns both off.": (
        "Partie rapide : 10, 15 ou 30 secondes par coup. Quand le temps est écoulé, un trait au hasard est "
        "tracé pour qui doit jouer, personne ou ordinateur. L'horloge repart à chaque coup, coups en plus "
        "compris, et s'arrête pendant qu'un trait se trace. Annulation et indices restent permis dans une "
        "partie chronométrée détendue ; Compétition (dans les règles de Nouvelle partie) retire les deux."
    ),
    "Start again": "Recommencer",
    "Take a box: draw a line that closes one.": "Prenez une case : tracez un trait qui en ferme une.",
    "Take the bottom chain, box by box.": "Prenez la chaîne du bas, case par case.",
    "Take the box that has three sides, at the open end of the top chain.": (
        "Prenez la case qui a trois côtés, au bout ouvert de la chaîne du haut."
    ),
    "That line closed nothing, so your turn is over: B moves next.": (
        "Ce trait n'a rien fermé, votre tour est fini : B joue."
    ),
    "That line closes nothing: find the box that has three sides.": (
        "Ce trait ne ferme rien : cherchez la case qui a trois côtés."
    ),
    "That line is already drawn.": "Ce trait est déjà tracé.",
    "The box is yours, and you move again.": "La case est à vous, et vous rejouez.",
    "The move timer": "Le temps par coup",
    "The two-board match": "Le match en deux plateaux",
    "Three or four players": "Trois ou quatre joueurs",
    "Turns go round the table, and any seat can be a person or the computer. Players on the same top "
    "score share the win. Chain control works cleanly only head to head: with three or more, the chain you give "
    "away may go to a player you did not mean it for.": (
        "On joue chacun son tour autour de la table, et chaque place peut être une personne ou l'ordinateur. "
        "Les ex æquo en tête se partagent la victoire. Le contrôle des chaînes ne marche bien qu'en tête-à-tête : "
        "à trois ou plus, la chaîne que vous donnez peut aller à un autre joueur que prévu."
    ),
    "Two fresh boards of the same size, each player starting one. Both boards' scores are written down "
    "and the totals decide; equal totals are a drawn match. After a tie you may play a decider on a board "
    "with an odd number of boxes.": (
        "Deux plateaux neufs de même taille, chaque joueur en commence un. On note les scores des deux "
        "plateaux et les totaux décident ; à égalité, le match est nul. Après une égalité, vous pouvez jouer "
        "la belle sur un plateau au nombre de cases impair."
    ),
    "You are A. Draw the line that closes a box.": "Vous êtes A. Tracez le trait qui ferme une case.",
    "You are B. A has just opened the top chain: take its first box.": (
        "Vous êtes B. A vient d'ouvrir la chaîne du haut : prenez sa première case."
    ),
    "You win 4 to 2. Had you taken all three at the top, you would have had to open the bottom chain: 3 to 3.": (
        "Vous gagnez 4 à 2. En prenant les trois du haut, vous auriez dû ouvrir la chaîne du bas : 3 à 3."
    ),
    "a random line was drawn": "un trait au hasard est tracé",
    "board 2: B starts it": "plateau 2 : B commence",
    "left and bottom are drawn": "gauche et bas sont tracés",
    "nothing carries over": "rien ne passe d'un plateau à l'autre",
    "play goes on as usual": "le jeu continue comme d'habitude",
    "the border is already drawn": "le bord est déjà tracé",
    "then B": "puis B",
    "then C, then A again": "puis C, puis de nouveau A",
    "your practice board": "votre plateau d'entraînement",
    # -- review, share links and play by link
    "Review": "Analyse",
    "Review >": "Analyser >",
    "Margin for {name} with best play · {done} of {count} moves solved": (
        "Écart pour {name} en jouant au mieux · {done} coups sur {count} résolus"
    ),
    "Analysing...": "Analyse en cours...",
    "analysing": "analyse en cours",
    "Asking the Expert...": "L'Expert réfléchit...",
    "Best move": "Meilleur coup",
    "Gave away {n}: {reason}": "A cédé {n} : {reason}",
    "Gave away {n}: the dotted line was better": "A cédé {n} : le trait pointillé valait mieux",
    "the dotted line was better ({reason})": "le trait pointillé valait mieux ({reason})",
    "handed over control": "a rendu le contrôle",
    "left boxes that were free to take": "a laissé des cases à prendre",
    "gave boxes away while a safe line was left": "a donné des cases alors qu'il restait un trait sûr",
    "missed the sacrifice that wins control": "a manqué le sacrifice qui gagne le contrôle",
    "opened a longer chain than needed": "a ouvert une chaîne plus longue que nécessaire",
    "Move {n} of {count} · {name}": "Coup {n} sur {count} · {name}",
    "Start · {name} to move": "Début · à {name} de jouer",
    "No moves were played.": "Aucun coup n'a été joué.",
    "Not solved (too many lines left for the exact solver)": (
        "Non résolu (trop de traits restants pour le calcul exact)"
    ),
    "not solved": "non résolu",
    "The start: worth {value} to {name} with best play": "Au début : {value} pour {name} en jouant au mieux",
    "The Expert would play the dotted line ({reason})": "L'Expert jouerait le trait pointillé ({reason})",
    "The Expert would play this move too ({reason})": "L'Expert jouerait aussi ce coup ({reason})",
    "Even: a draw with best play from here": "À égalité : nul en jouant au mieux d'ici",
    "With best play from here: {name} +{n}": "En jouant au mieux d'ici : {name} +{n}",
    "{name} won by {n}": "{name} gagne de {n}",
    "Play from here": "Jouer d'ici",
    "Share": "Partager",
    "Share this game": "Partager cette partie",
    "Share this position": "Partager cette position",
    "Whoever opens this link sees the review of this game.": "Qui ouvre ce lien voit l'analyse de cette partie.",
    "Whoever opens this link plays on from this position.": "Qui ouvre ce lien continue à partir de cette position.",
    "Whoever opens this link plays on from move {n} of this game.": (
        "Qui ouvre ce lien continue à partir du coup {n} de cette partie."
    ),
    "Send move": "Envoyer",
    "Send your move": "Envoyer votre coup",
    "Send this link to {name}. They open it, play their turn, press Send move and send you their link: "
    "open it here to go on.": (
        "Envoyez ce lien à {name}. Il l'ouvre, joue son tour, appuie sur Envoyer et vous renvoie son lien : "
        "ouvrez-le ici pour continuer."
    ),
    "Send this code to {name}. They paste it in Open a link, play their turn, press Send move and send you their "
    "code: paste it in Open a link here to go on.": (
        "Envoyez ce code à {name}. Il le colle dans Ouvrir un lien, joue son tour, appuie sur Envoyer et vous "
        "renvoie son code : collez-le ici dans Ouvrir un lien pour continuer."
    ),
    "Send the last move": "Envoyer le dernier coup",
    "Send this link to your friends: their game ends too when they open it.": (
        "Envoyez ce lien à vos amis : leur partie se termine aussi quand ils l'ouvrent."
    ),
    "Send this code to your friends: their game ends too when they paste it in Open a link.": (
        "Envoyez ce code à vos amis : leur partie se termine aussi quand ils le collent dans Ouvrir un lien."
    ),
    "Your turn: play it, then Send move": "À vous : jouez, puis Envoyer",
    "{name} plays next, on their device: Send move, then open the link they send back": (
        "{name} joue ensuite, sur son appareil : Envoyer, puis ouvrez le lien qu'il vous renvoie"
    ),
    "This link is for {name}'s move, and {name} plays on another device: send it to them. "
    "Your own turn comes in their next link.": (
        "Ce lien est pour le coup de {name}, qui joue sur un autre appareil : envoyez-le-lui. "
        "Votre tour viendra dans son prochain lien."
    ),
    "Copy link": "Copier le lien",
    "Copy code": "Copier le code",
    "Copying...": "Copie en cours...",
    "Copied: send it to your friend.": "Copié : envoyez-le à votre ami.",
    "The browser did not allow copying: select the link above and copy it by hand.": (
        "Le navigateur n'a pas permis de copier : sélectionnez le lien ci-dessus et copiez-le vous-même."
    ),
    "Copying is not available here: the link is shown above.": (
        "La copie n'est pas possible ici : le lien est affiché ci-dessus."
    ),
    "Open a link": "Ouvrir un lien",
    "Open": "Ouvrir",
    "Paste": "Coller",
    "Del": "Suppr",
    "Pasting...": "Collage en cours...",
    "Paste or type a game link, or a position code such as {code}.": (
        "Collez ou tapez un lien de partie, ou un code de position comme {code}."
    ),
    "Type or paste a link or a position code first.": "Tapez ou collez d'abord un lien ou un code de position.",
    "The browser did not allow pasting: type the code, or paste it with Ctrl+V.": (
        "Le navigateur n'a pas permis de coller : tapez le code, ou collez-le avec Ctrl+V."
    ),
    "Pasting is not available here: type the code.": "Coller n'est pas possible ici : tapez le code.",
    "The clipboard holds no text.": "Le presse-papiers ne contient pas de texte.",
    "This is not a game link: it is too long.": "Ce n'est pas un lien de partie : il est trop long.",
    "This link holds no game: nothing follows the '#'.": "Ce lien ne contient pas de partie : rien après le « # ».",
    "This play-by-link link is damaged: its game id or move count cannot be read.": (
        "Ce lien de partie à distance est abîmé : son identifiant ou son nombre de coups est illisible."
    ),
    "This link was cut or changed: it says {n} moves but holds {held}. Ask for it again.": (
        "Ce lien a été coupé ou modifié : il annonce {n} coups mais en contient {held}. Redemandez-le."
    ),
    "This link does not continue your game with this friend: it is a different board or rules.": (
        "Ce lien ne continue pas votre partie avec cet ami : le plateau ou les règles diffèrent."
    ),
    "This link is older than your game: it stops after move {n}, yours goes on to move {kept}. "
    "Ask your friend for their latest link.": (
        "Ce lien est plus ancien que votre partie : il s'arrête au coup {n}, la vôtre va jusqu'au coup {kept}. "
        "Demandez à votre ami son dernier lien."
    ),
    "This link does not continue your game: move {n} is not the one you played.": (
        "Ce lien ne continue pas votre partie : le coup {n} n'est pas celui que vous avez joué."
    ),
    "This game cannot be played on here: {why}.": "Cette partie ne peut pas être continuée ici : {why}.",
    "This game was saved without its moves, so it cannot be reviewed.": (
        "Cette partie a été enregistrée sans ses coups : elle ne peut pas être analysée."
    ),
    "This game's moves cannot be read: {why}.": "Les coups de cette partie sont illisibles : {why}.",
    # -- what storage reports (game/app/notices.py, the History line)
    "Saved data: {kb} KB": "Données enregistrées : {kb} Ko",
    "Your saved settings could not be read ({why}). They were kept unchanged; the defaults are used.": (
        "Vos réglages enregistrés sont illisibles ({why}). Ils sont conservés tels quels ; les réglages par défaut "
        "s'appliquent."
    ),
    "Your unfinished game could not be read ({why}). It was kept unchanged; start a new game.": (
        "Votre partie en cours est illisible ({why}). Elle est conservée telle quelle ; commencez une nouvelle partie."
    ),
    "Your game history could not be read ({why}). It was kept unchanged; new games start afresh.": (
        "Votre historique est illisible ({why}). Il est conservé tel quel ; un nouvel historique commence."
    ),
    "Some saved data could not be read ({why}). It was kept unchanged.": (
        "Des données enregistrées sont illisibles ({why}). Elles sont conservées telles quelles."
    ),
    "Some saved data could not be read ({why}) nor moved aside ({error}). It is left as it was; nothing will be "
    "saved over it.": (
        "Des données enregistrées sont illisibles ({why}) et n'ont pas pu être mises de côté ({error}). Elles restent "
        "en place ; rien ne sera enregistré par-dessus."
    ),
    "Some results could not be saved; they were kept in {where} and will be saved at the next start. Quit again to "
    "leave.": (
        "Des résultats n'ont pas pu être enregistrés ; ils sont gardés dans {where} et seront enregistrés au prochain "
        "lancement. Quittez de nouveau pour partir."
    ),
    "Some results could not be saved, nor kept elsewhere: quitting now loses them. Quit again to leave anyway.": (
        "Des résultats n'ont pu être ni enregistrés ni gardés ailleurs : quitter maintenant les perd. Quittez de "
        "nouveau pour partir quand même."
    ),
    "Results cannot be saved now: {why}. Play on; they will be saved when saving works again.": (
        "Impossible d'enregistrer les résultats pour l'instant : {why}. Continuez à jouer ; ils seront enregistrés "
        "dès que possible."
    ),
    "Saving works again: everything is saved.": "L'enregistrement fonctionne de nouveau : tout est enregistré.",
    "Some saved data needs attention.": "Des données enregistrées demandent votre attention.",
    "the data is damaged": "les données sont abîmées",
    "the data is not in Pipopipette's format": "les données ne sont pas au format de Pipopipette",
    "the data was written by another program": "les données viennent d'un autre programme",
    "the data has no valid format version": "les données n'ont pas de version de format valable",
    "the data was saved by a newer version of Pipopipette": (
        "les données viennent d'une version plus récente de Pipopipette"
    ),
    "the data is incomplete": "les données sont incomplètes",
    "the file is not text": "le fichier n'est pas du texte",
    "they are not a set of named values": "ce ne sont pas des valeurs nommées",
    "it is not a saved game": "ce n'est pas une partie sauvegardée",
    "it is not a list of games": "ce n'est pas une liste de parties",
    "the totals of older games are damaged": "les totaux des parties anciennes sont abîmés",
    "a game is not a set of named values": "une partie n'est pas un ensemble de valeurs nommées",
    "a game has no player names": "une partie n'a pas de noms de joueurs",
    "a game's scores do not match its players": "les scores d'une partie ne correspondent pas à ses joueurs",
    "a game's winners are not among its players": "les gagnants d'une partie ne sont pas parmi ses joueurs",
    "a game's date, board or rules are missing": "la date, le plateau ou les règles d'une partie manquent",
    "a game's date cannot be read": "la date d'une partie est illisible",
    "a game's board or rules cannot be read": "le plateau ou les règles d'une partie sont illisibles",
    "a game's players do not match its rules": "les joueurs d'une partie ne correspondent pas à ses règles",
    "a game's id is not text": "l'identifiant d'une partie n'est pas du texte",
    "a game's player name is too long or not text": (
        "le nom d'un joueur d'une partie est trop long ou n'est pas du texte"
    ),
    "a game's players are neither people nor computers": (
        "les joueurs d'une partie ne sont ni des personnes ni des ordinateurs"
    ),
    "a game's moves cannot be replayed": "les coups d'une partie ne peuvent pas être rejoués",
    "the data holds a number that is not a number": "les données contiennent un nombre qui n'en est pas un",
    "the data folder is read-only": "le dossier de données est en lecture seule",
    "the disk is full": "le disque est plein",
    "the data folder refused it": "le dossier de données l'a refusé",
    "the browser's storage is full": "le stockage du navigateur est plein",
    "this browser does not allow saving": "ce navigateur n'autorise pas l'enregistrement",
    "the browser refused to save": "le navigateur a refusé d'enregistrer",
    "too many earlier unreadable copies are already kept": "trop de copies illisibles sont déjà conservées",
    "saving does not work": "l'enregistrement ne fonctionne pas",
    "it is not a list of solved puzzles": "ce n'est pas une liste de problèmes résolus",
    "Your solved puzzles could not be read ({why}). They were kept unchanged; puzzles start afresh.": (
        "Vos problèmes résolus sont illisibles ({why}). Ils sont conservés tels quels ; les problèmes repartent de "
        "zéro."
    ),
    # -- puzzles
    "Puzzles": "Problèmes",
    "Counting chains": "Compter les chaînes",
    "All but two": "Tout sauf deux",
    "The long-chain rule": "La règle des longues chaînes",
    "Loops": "Les boucles",
    "Count the chains: what each line gives away, and what taking everything leaves you to open.": (
        "Comptez les chaînes : ce que chaque trait donne, et ce qu'il vous restera à ouvrir si vous prenez tout."
    ),
    "All but two: decline the last two boxes of the chain, so the other player must open the next one.": (
        "Tout sauf deux : refusez les deux dernières cases de la chaîne, pour que l'autre doive ouvrir la suivante."
    ),
    "All but four": "Tout sauf quatre",
    "All but four: in an opened loop, leave the last four boxes, so the other player must open next.": (
        "Tout sauf quatre : dans une boucle ouverte, laissez les quatre dernières cases, pour que l'autre doive "
        "ouvrir la suite."
    ),
    "The hard-hearted handout": "Le cadeau sans cœur",
    "The hard-hearted handout: give a chain of two away by its middle line, so it cannot be declined.": (
        "Le cadeau sans cœur : donnez une chaîne de deux par son trait du milieu, pour qu'elle ne puisse pas être "
        "refusée."
    ),
    "Sacrifice for control": "Sacrifier pour le contrôle",
    "Sacrifice for control: a safe line would hand over control; give a box or two away now instead.": (
        "Sacrifier pour le contrôle : un trait sûr céderait le contrôle ; donnez plutôt une case ou deux maintenant."
    ),
    "Misère: the fewest boxes win. Leave boxes for the other player to take; a box you close makes you move again.": (
        "Misère : le moins de cases gagne. Laissez des cases à prendre à l'autre ; une case que vous fermez vous "
        "fait rejouer."
    ),
    "No extra move: closing a box ends your turn, so every capture is a move the other player answers.": (
        "Sans coup en plus : fermer une case termine votre tour, donc l'autre répond à chaque prise."
    ),
    "The fight for control": "La lutte pour le contrôle",
    "The fight for control: many safe lines are left. Count the safe moves and the long chains to come; only one "
    "line gets the count right.": (
        "La lutte pour le contrôle : il reste beaucoup de traits sûrs. Comptez les coups sûrs et les longues chaînes à "
        "venir ; un seul trait tombe juste."
    ),
    "Misère: the fewest boxes win.": "Misère : le moins de cases gagne.",
    "No extra move after a capture.": "Pas de coup en plus après une prise.",
    "The long-chain rule: count dots plus long chains; make or break a chain to get control.": (
        "La règle des longues chaînes : comptez les points plus les longues chaînes ; faites ou cassez une chaîne "
        "pour prendre le contrôle."
    ),
    "Loops: declining a loop costs four boxes, not two; count whether control is still worth it.": (
        "Les boucles : refuser une boucle coûte quatre cases, pas deux ; comptez si le contrôle vaut encore le coup."
    ),
    "Triangles have three sides: the second side gives a triangle away. Count the chains as on squares.": (
        "Un triangle a trois côtés : le deuxième le donne. Comptez les chaînes comme sur les carrés."
    ),
    "Hexagons have six sides: the fifth side gives a hexagon away. Count the chains as on squares.": (
        "Un hexagone a six côtés : le cinquième le donne. Comptez les chaînes comme sur les carrés."
    ),
    "Find the one line that wins by {n}.": "Trouvez le seul trait qui gagne de {n}.",
    "Find the one line that draws.": "Trouvez le seul trait qui fait match nul.",
    "Find the one line that loses by only {n}.": "Trouvez le seul trait qui ne perd que de {n}.",
    "Right! With best play this line wins by {n}.": "Bravo ! En jouant au mieux, ce trait gagne de {n}.",
    "Right! With best play this line draws.": "Bravo ! En jouant au mieux, ce trait fait match nul.",
    "Right! With best play this line loses by only {n}.": "Bravo ! En jouant au mieux, ce trait ne perd que de {n}.",
    "Not this one: it does not keep the best result. Try again.": (
        "Pas celui-ci : il ne garde pas le meilleur résultat. Essayez encore."
    ),
    "Hint: {hint}": "Indice : {hint}",
    "Next unsolved": "Suivant à résoudre",
    "{solved} of {total} solved · each has exactly one best line": (
        "{solved} sur {total} résolus · chacun a un seul meilleur trait"
    ),
    "Next puzzle": "Problème suivant",
    "Puzzle {number} · {theme} · solved": "Problème {number} · {theme} · résolu",
    "Puzzle {number} · {theme}": "Problème {number} · {theme}",
    "{theme} · solved": "{theme} · résolu",
    # -- backup
    "Backup": "Sauvegarde",
    "Export": "Exporter",
    "Import": "Importer",
    "A backup file holds your finished games, your settings and the puzzles you solved. Browser storage can be "
    "cleared: keep a copy. Importing adds the games that are not already here and restores the settings.": (
        "Un fichier de sauvegarde contient vos parties terminées, vos réglages et les problèmes résolus. Le stockage "
        "du navigateur peut être effacé : gardez-en une copie. L'import ajoute les parties absentes d'ici et rétablit "
        "les réglages."
    ),
    "Nothing was changed: {why}.": "Rien n'a été changé : {why}.",
    "Backup file offered for download.": "Fichier de sauvegarde proposé au téléchargement.",
    "Preparing the backup...": "Préparation de la sauvegarde…",
    "Backup saved to {path}": "Sauvegarde enregistrée dans {path}",
    "Export failed: {why}.": "L'export a échoué : {why}.",
    "Choose a backup file...": "Choisissez un fichier de sauvegarde…",
    "No file chosen.": "Aucun fichier choisi.",
    "Saved now: {games}, {solved}.": "Enregistré ici : {games}, {solved}.",
    "File: {path}": "Fichier : {path}",
    "Backup imported: {games}, settings restored.": "Sauvegarde importée : {games}, réglages rétablis.",
    "the file holds a number that is not a number (NaN or Infinity)": (
        "le fichier contient un nombre qui n'en est pas un (NaN ou Infinity)"
    ),
    "a value is not text or not a number": "une valeur n'est ni du texte ni un nombre",
    "the file is too large to be a Pipopipette backup": (
        "le fichier est trop gros pour être une sauvegarde de Pipopipette"
    ),
    "the file is not text, so it is not a Pipopipette backup": (
        "le fichier n'est pas du texte : ce n'est pas une sauvegarde de Pipopipette"
    ),
    "the file is not a Pipopipette backup (it is not JSON)": (
        "le fichier n'est pas une sauvegarde de Pipopipette (ce n'est pas du JSON)"
    ),
    "the file is not a Pipopipette backup": "le fichier n'est pas une sauvegarde de Pipopipette",
    "the backup has no valid format version": "la sauvegarde n'a pas de version de format valide",
    "the backup was made by a newer version of the game (format {v})": (
        "la sauvegarde vient d'une version plus récente du jeu (format {v})"
    ),
    "the backup is incomplete": "la sauvegarde est incomplète",
    "the backup's settings are impossible ({why})": "les réglages de la sauvegarde sont impossibles ({why})",
    "the backup's history is not a list of games": "l'historique de la sauvegarde n'est pas une liste de parties",
    "game {n} of the backup's history is damaged: {why}": (
        "la partie {n} de l'historique de la sauvegarde est abîmée : {why}"
    ),
    "the backup's totals of older games are damaged": ("les totaux des parties anciennes de la sauvegarde sont abîmés"),
    "the backup's solved puzzles are not a list": "les problèmes résolus de la sauvegarde ne sont pas une liste",
    "the backup's solved puzzles hold something that is not a puzzle": (
        "les problèmes résolus de la sauvegarde contiennent autre chose qu'un problème"
    ),
    "the file could not be written ({why})": "le fichier n'a pas pu être écrit ({why})",
    "it holds text that cannot be written to a file": "il contient du texte qui ne peut pas être écrit dans un fichier",
    "there is no backup file at {path}": "il n'y a pas de fichier de sauvegarde à {path}",
    "the file could not be read ({why})": "le fichier n'a pas pu être lu ({why})",
    "the browser refused the download ({why})": "le navigateur a refusé le téléchargement ({why})",
    "the browser refused to open a file ({why})": "le navigateur a refusé d'ouvrir un fichier ({why})",
    "the browser could not read the file ({why})": "le navigateur n'a pas pu lire le fichier ({why})",
    "the browser could not read the file": "le navigateur n'a pas pu lire le fichier",
    # -- online rooms (game/play/online)
    "both devices opened the room the same way: one must invite, the other answer": (
        "les deux appareils ont ouvert le salon de la même façon : l'un doit inviter, l'autre répondre"
    ),
    "the other device proposed a game this one cannot play": (
        "l'autre appareil propose une partie que celui-ci ne peut pas jouer"
    ),
    "the other device's game cannot be replayed here (move {n} is illegal)": (
        "la partie de l'autre appareil ne peut pas être rejouée ici (le coup {n} est interdit)"
    ),
    "the other device sent a message this game cannot read": (
        "l'autre appareil a envoyé un message que ce jeu ne sait pas lire"
    ),
    "the other device sent a message that is too long": "l'autre appareil a envoyé un message trop long",
    "the other device runs a newer version of the game: update this one": (
        "l'autre appareil a une version plus récente du jeu : mettez celui-ci à jour"
    ),
    "the other device runs an older version of the game: it needs updating": (
        "l'autre appareil a une version plus ancienne du jeu : il faut le mettre à jour"
    ),
    "You resigned.": "Vous avez abandonné.",
    "Your move came after the time was up: the host's clock drew a line instead.": (
        "Votre coup est arrivé après la fin du temps : l'horloge de l'hôte a tracé un trait à votre place."
    ),
    "The other player resigned.": "L'autre joueur a abandonné.",
    "Rematch: the seats are swapped.": "Revanche : les places sont échangées.",
    # the board of an online game (game/app/online_board.py)
    "Online": "En ligne",
    "Online with {name}: connected": "En ligne avec {name} : connecté",
    "Connecting again to {name}'s device...": "Nouvelle connexion à l'appareil de {name}...",
    "Paused: {name}'s device does not answer": "En pause : l'appareil de {name} ne répond pas",
    "{name}'s device does not answer": "L'appareil de {name} ne répond pas",
    "Paused: the connection is closed": "En pause : la connexion est fermée",
    "The connection with {name} is closed": "La connexion avec {name} est fermée",
    "The two devices are agreeing on the game: it goes on in a moment.": (
        "Les deux appareils se mettent d'accord sur la partie : elle reprend dans un instant."
    ),
    "Their phone may be asleep or off the network. The game goes on by itself as soon as their device answers.": (
        "Son téléphone est peut-être en veille ou hors réseau. La partie reprend d'elle-même dès que son appareil "
        "répond."
    ),
    "The moves are kept. To go on, press Menu, then Play online, Invite again, and send {name} the new invitation.": (
        "Les coups sont gardés. Pour continuer, appuyez sur Menu, puis Jouer en ligne, Inviter à nouveau, et "
        "envoyez la nouvelle invitation à {name}."
    ),
    "The moves are kept on {name}'s device. To go on, ask {name} to invite you again, then open the new invitation.": (
        "Les coups sont gardés sur l'appareil de {name}. Pour continuer, demandez à {name} de vous inviter à "
        "nouveau, puis ouvrez la nouvelle invitation."
    ),
    "Resign": "Abandon",
    "Yes, resign": "Oui, abandonner",
    "Keep playing": "Continuer",
    "Resign this game? {name} wins it.": "Abandonner cette partie ? {name} la gagne.",
    "You can resign while the game is played and both devices are connected.": (
        "On peut abandonner pendant la partie, quand les deux appareils sont connectés."
    ),
    "Allow undo": "Accepter",
    "Refuse": "Refuser",
    "Undo asked: waiting for {name}'s answer.": "Annulation demandée : en attente de la réponse de {name}.",
    "Accept rematch": "Accepter la revanche",
    "Rematch asked: waiting for {name}.": "Revanche demandée : en attente de {name}.",
    "{name} wants a rematch: press Accept rematch.": "{name} veut une revanche : appuyez sur Accepter la revanche.",
    "Play a decider": "Jouer la belle",
    "Accept decider": "Accepter la belle",
    "Decider asked: waiting for {name}.": "Belle demandée : en attente de {name}.",
    "{name} wants a decider: press Accept decider.": "{name} veut jouer la belle : appuyez sur Accepter la belle.",
    "The other player wants a decider.": "L'autre joueur veut jouer la belle.",
    "The decider begins.": "La belle commence.",
    "the other device's line closes nothing while a cell can be closed, and captures are compulsory in this room": (
        "le trait de l'autre appareil ne ferme rien alors qu'une case peut être fermée, et les prises sont "
        "obligatoires dans ce salon"
    ),
    "That line cannot be drawn.": "Ce trait ne peut pas être tracé.",
    "A decider is played only after a tie between two players.": (
        "La belle ne se joue qu'après une égalité entre deux joueurs."
    ),
    "the other device asked for a decider after a game that was not tied": (
        "l'autre appareil a demandé la belle après une partie sans égalité"
    ),
    "Results": "Résultats",
    "Game over: a draw": "Partie terminée : égalité",
    "Game over: you win": "Partie terminée : vous gagnez",
    "Game over: {name} wins": "Partie terminée : {name} gagne",
    "{name} resigned.": "{name} a abandonné.",
    # the online servers (game/app/scenes/servers.py, game/play/online/ice.py) and How to play's page on them
    "Online servers": "Serveurs en ligne",
    "Online servers: {n}": "Serveurs en ligne : {n}",
    "Online servers: none": "Serveurs en ligne : aucun",
    "Default list": "Liste par défaut",
    "None": "Aucun",
    "Save": "Enregistrer",
    "No server: only the same network": "Aucun serveur : le même réseau seulement",
    "Devices on different networks find each other through these servers; with none, only devices on the same "
    "Wi-Fi can play together. One address a line: stun:host:port, or turn:name:password@host:port.": (
        "Des appareils sur des réseaux différents se trouvent grâce à ces serveurs ; sans eux, seuls des appareils "
        "sur le même Wi-Fi peuvent jouer ensemble. Une adresse par ligne : stun:hôte:port, ou "
        "turn:nom:mot-de-passe@hôte:port."
    ),
    "At most {n} servers: keep the ones you need.": "{n} serveurs au plus : gardez ceux dont vous avez besoin.",
    "{url} is not a server address: it starts with stun: or turn:": (
        "{url} n'est pas une adresse de serveur : elle commence par stun: ou turn:"
    ),
    "{url} is too long for a server address": "{url} est trop long pour une adresse de serveur",
    "{url} ends with something a server address cannot have": (
        "{url} se termine par quelque chose qu'une adresse de serveur ne peut pas avoir"
    ),
    "{url}: a TURN server needs a name and a password (turn:name:password@host:port)": (
        "{url} : un serveur TURN demande un nom et un mot de passe (turn:nom:mot-de-passe@hôte:port)"
    ),
    "{url}: a STUN server takes no name or password": "{url} : un serveur STUN ne prend ni nom ni mot de passe",
    "{url}: the name or the password has characters a server address cannot carry": (
        "{url} : le nom ou le mot de passe a des caractères qu'une adresse de serveur ne peut pas porter"
    ),
    "{url} has no server name after the colon": "{url} n'a pas de nom de serveur après les deux-points",
    "{url}: the port is a number from 1 to 65535": "{url} : le port est un nombre de 1 à 65535",
    "Playing online: if it does not connect": "Jouer en ligne : si la connexion ne se fait pas",
    "Play online joins two devices directly, with no server of ours. If they cannot connect: put both on the same "
    "Wi-Fi; check the STUN servers in Settings, Options (with none, only devices on the same network connect); keep "
    "both phones awake, with the game open, until the game begins; then open the invitation again, or make a new "
    "one with Play online.": (
        "Jouer en ligne relie deux appareils directement, sans serveur à nous. S'ils ne se connectent pas : mettez-"
        "les sur le même Wi-Fi ; vérifiez les serveurs STUN dans Réglages, Options (sans eux, seuls des appareils du "
        "même réseau se connectent) ; gardez les deux téléphones allumés, le jeu ouvert, jusqu'au début de la "
        "partie ; puis rouvrez l'invitation, ou faites-en une nouvelle avec Jouer en ligne."
    ),
    "The connection was lost: the game is paused until you connect again.": (
        "La connexion est perdue : la partie est en pause jusqu'à la prochaine connexion."
    ),
    "the other device sent too many messages": "l'autre appareil a envoyé trop de messages",
    "The other device answers again: the game goes on.": "L'autre appareil répond de nouveau : la partie continue.",
    "Wait for the answer to your undo request.": "Attendez la réponse à votre demande d'annulation.",
    "It is not your turn.": "Ce n'est pas votre tour.",
    "Undo is off in competitive games, timed games and matches.": (
        "Pas d'annulation en partie de compétition, en partie chronométrée ni en match."
    ),
    "An undo request is already waiting for its answer.": "Une demande d'annulation attend déjà sa réponse.",
    "You have no move to take back: your friend has played since.": (
        "Vous n'avez aucun coup à reprendre : votre ami a joué depuis."
    ),
    "This room has played all its games: start a new room.": (
        "Ce salon a joué toutes ses parties : ouvrez un nouveau salon."
    ),
    "Nobody asked for an undo.": "Personne n'a demandé d'annulation.",
    "A rematch can be offered once the game is over and both devices are connected.": (
        "La revanche se propose une fois la partie finie, les deux appareils connectés."
    ),
    "The game is not being played.": "La partie n'est pas en cours.",
    "The game is paused until the other device is connected again.": (
        "La partie est en pause jusqu'à ce que l'autre appareil se reconnecte."
    ),
    "the other device is in another room": "l'autre appareil est dans un autre salon",
    "Connected again: the game goes on.": "De nouveau connectés : la partie continue.",
    "Connected: the game begins.": "Connectés : la partie commence.",
    "only the host's clock may run out": "seule l'horloge de l'hôte décide de la fin du temps",
    "the other device asked for an undo in a game without undo": (
        "l'autre appareil demande une annulation dans une partie sans annulation"
    ),
    "the other device asked for an undo that does not fit this game": (
        "l'autre appareil demande une annulation qui ne correspond pas à cette partie"
    ),
    "the other device asked to take back more than its own last turn": (
        "l'autre appareil demande à reprendre plus que son dernier tour"
    ),
    "the other device started another game without this one agreeing": (
        "l'autre appareil a commencé une autre partie sans l'accord de celui-ci"
    ),
    "the other device changed the board or the rules of the game in progress": (
        "l'autre appareil a changé le plateau ou les règles de la partie en cours"
    ),
    "the other device says you resigned, and you did not": (
        "l'autre appareil dit que vous avez abandonné, ce qui est faux"
    ),
    "the other device's game takes back moves already played": (
        "la partie de l'autre appareil reprend des coups déjà joués"
    ),
    "the other device's game has a move of yours you did not play": (
        "la partie de l'autre appareil contient un coup à vous que vous n'avez pas joué"
    ),
    "only the host's clock may run out, and only in a timed game": (
        "seule l'horloge de l'hôte décide de la fin du temps, et seulement dans une partie chronométrée"
    ),
    "the other device played for your seat": "l'autre appareil a joué à votre place",
    "The two devices could not reach each other: put both on the same Wi-Fi, or add a TURN server in Settings, "
    "Options, Online servers, then invite again.": (
        "Les deux appareils n'ont pas pu se joindre : mettez-les sur le même Wi-Fi, ou ajoutez un serveur TURN dans "
        "Réglages, Options, Serveurs en ligne, puis invitez de nouveau."
    ),
    "the other device answered an undo nobody asked for": (
        "l'autre appareil répond à une annulation que personne n'a demandée"
    ),
    "Your move was taken back.": "Votre coup a été repris.",
    "The other player refused to take your move back.": "L'autre joueur refuse que vous repreniez votre coup.",
    "the other device asked for a rematch before the game was over": (
        "l'autre appareil demande une revanche avant la fin de la partie"
    ),
    "The other player wants a rematch.": "L'autre joueur veut une revanche.",
    "the other device sent a message about another game": "l'autre appareil a envoyé un message sur une autre partie",
    "the other device played after the end of the game": "l'autre appareil a joué après la fin de la partie",
    "The other player played on instead of taking your move back.": (
        "L'autre joueur a joué au lieu de vous laisser reprendre votre coup."
    ),
    "Time was up: a random line was drawn.": "Temps écoulé : un trait a été tracé au hasard.",
    "the other device sent a message out of order": "l'autre appareil a envoyé un message hors de propos",
    "The other device does not answer: the game is paused.": "L'autre appareil ne répond pas : la partie est en pause.",
    "the other device played out of turn": "l'autre appareil a joué hors de son tour",
    "the other device drew a line that cannot be drawn": "l'autre appareil a tracé un trait impossible",
    "Disconnected: {why}.": "Déconnecté : {why}.",
    "A message from the other device was refused: {why}.": "Un message de l'autre appareil a été refusé : {why}.",
    "the other device described its players wrongly": "l'autre appareil décrit mal ses joueurs",
    "This device found no network to connect through.": "Cet appareil ne trouve aucun réseau pour se connecter.",
    "This is not an online game link: it is too long.": "Ce n'est pas un lien de partie en ligne : il est trop long.",
    "This is not an online game invitation or reply.": "Ce n'est ni une invitation ni une réponse de partie en ligne.",
    "This link was made by a newer version of the game: update this one.": (
        "Ce lien vient d'une version plus récente du jeu : mettez celle-ci à jour."
    ),
    "This link was made by an older version of the game: ask for a new one.": (
        "Ce lien vient d'une version plus ancienne du jeu : demandez-en un nouveau."
    ),
    "This link was mistyped or cut short: ask for it again, or copy it whole.": (
        "Ce lien est mal recopié ou coupé : redemandez-le, ou copiez-le en entier."
    ),
    "This link is damaged: ask for a new one.": "Ce lien est abîmé : demandez-en un nouveau.",
    "This is an invitation, not a reply: it is opened on the friend's device.": (
        "C'est une invitation, pas une réponse : elle s'ouvre sur l'appareil de l'ami."
    ),
    "This reply is for another game room.": "Cette réponse est pour un autre salon de jeu.",
    "This reply answers an older invitation: send your friend the latest one.": (
        "Cette réponse répond à une ancienne invitation : envoyez la dernière à votre ami."
    ),
    "This device's connection details cannot be put in a link ({why}).": (
        "Les informations de connexion de cet appareil ne tiennent pas dans un lien ({why})."
    ),
    "Undo asked: waiting for the other player's answer.": (
        "Annulation demandée : on attend la réponse de l'autre joueur."
    ),
    "No game on this device is waiting for this reply: paste it where you sent the invitation.": (
        "Aucune partie n'attend cette réponse sur cet appareil : collez-la là où vous avez envoyé l'invitation."
    ),
    "The browser refused the connection details: ask for a new link.": (
        "Le navigateur refuse les informations de connexion : demandez un nouveau lien."
    ),
    "Play online": "Jouer en ligne",
    "Copy": "Copier",
    "Paste reply": "Coller la réponse",
    "Invite again": "Inviter à nouveau",
    "New room": "Nouveau salon",
    "Invite": "Inviter",
    "Board and rules": "Plateau et règles",
    "The room's game": "La partie du salon",
    "Your friend and you will play this game. Change its board and rules if you like, then invite your friend.": (
        "Votre ami et vous jouerez cette partie. Changez son plateau et ses règles si vous voulez, puis invitez "
        "votre ami."
    ),
    "Leave": "Quitter",
    "{label}: {value}": "{label} : {value}",
    "Leave the game? It pauses on {name}'s device.": (
        "Quitter la partie ? Elle se met en pause sur l'appareil de {name}."
    ),
    "Pipopipette: an invitation": "Pipopipette : une invitation",
    "Pipopipette: my reply": "Pipopipette : ma réponse",
    (
        "Online play runs in the browser version of the game. On the desktop, play a friend far away with Send move."
    ): "Le jeu en ligne se joue dans la version navigateur. Sur ordinateur, jouez avec un ami au loin par Envoyer.",
    "Preparing the invitation...": "Préparation de l'invitation...",
    "Preparing your reply...": "Préparation de votre réponse...",
    (
        "Send this invitation to your friend with any app, or let their phone's camera read the square code. When "
        "they answer, open their reply on this device, or copy it and press Paste reply."
    ): (
        "Envoyez cette invitation à votre ami par n'importe quelle application, ou faites lire le code carré par "
        "l'appareil photo de son téléphone. Quand il répond, ouvrez sa réponse sur cet appareil, ou copiez-la et "
        "appuyez sur Coller la réponse."
    ),
    (
        "Send this reply back to your friend with any app, or let their phone's camera read the square code. The "
        "game begins as soon as their device takes it."
    ): (
        "Renvoyez cette réponse à votre ami par n'importe quelle application, ou faites lire le code carré par "
        "l'appareil photo de son téléphone. La partie commence dès que son appareil la reçoit."
    ),
    "No other way? The code to type in Open a link:": "Sinon, le code à taper dans Ouvrir un lien :",
    "Invited by {name}: connected": "Invité par {name} : connecté",
    (
        "Your online game was interrupted; its moves are kept. Invite your friend again to go on with it, or open a "
        "new room."
    ): (
        "Votre partie en ligne a été interrompue ; ses coups sont gardés. Invitez à nouveau votre ami pour la "
        "continuer, ou ouvrez un nouveau salon."
    ),
    "the game kept from before is not a room of this device": ("la partie gardée n'est pas un salon de cet appareil"),
    "Handing the reply to your waiting game...": "Transmission de la réponse à votre partie en attente...",
    "Your waiting game took the reply: you can close this tab.": (
        "Votre partie en attente a reçu la réponse : vous pouvez fermer cet onglet."
    ),
    "This room cannot be opened.": "Ce salon ne peut pas être ouvert.",
    # the game told in words (game/play/narration.py)
    "the right side of {cell}": "le côté droit de {cell}",
    "the lower right side of {cell}": "le côté en bas à droite de {cell}",
    "the bottom of {cell}": "le bas de {cell}",
    "the lower left side of {cell}": "le côté en bas à gauche de {cell}",
    "the left side of {cell}": "le côté gauche de {cell}",
    "the upper left side of {cell}": "le côté en haut à gauche de {cell}",
    "the top of {cell}": "le haut de {cell}",
    "the upper right side of {cell}": "le côté en haut à droite de {cell}",
    "between {a} and {b}": "entre {a} et {b}",
    "{a} to {b}": "{a} à {b}",
    "and": "et",
    "{player} draws {line}": "{player} trace {line}",
    "closes {cells}": "ferme {cells}",
    "game over": "partie terminée",
    "{player} again": "{player} rejoue",
    "{player} to play": "à {player} de jouer",
    "You draw {line}": "Vous tracez {line}",
    "you again": "vous rejouez",
    "your turn": "à vous de jouer",
    "Score: {score}.": "Score : {score}.",
    "{player} to play.": "À {player} de jouer.",
    # the rules sheets' own words: names of the starts, captures compulsory, strategy pages
    "Print the rules": "Imprimer les règles",
    "Print a grid": "Imprimer une grille",
    "{file} offered for download: print it from there.": "{file} proposé au téléchargement : imprimez-le de là.",
    "Saved to {path}: open it to print it.": "Enregistré dans {path} : ouvrez-le pour l'imprimer.",
    "Could not make the page: {why}.": "Impossible de faire la page : {why}.",
    "Player {name}: ________________  score: ____": "Joueur {name} : ________________  score : ____",
    "Pipopipette (Dots and Boxes): the rules": "La pipopipette : les règles",
    "Players take turns drawing one line between two neighbouring dots, across or down, never diagonally.": (
        "Chacun à son tour trace un trait entre deux points voisins, à l'horizontale ou à la verticale, jamais en "
        "diagonale."
    ),
    "Whoever draws the last side of a box writes their initial in it and must draw another line.": (
        "Qui trace le dernier côté d'une case y écrit son initiale et doit tracer un autre trait."
    ),
    "One line can close two boxes at once: both are yours, and you draw one more line.": (
        "Un trait peut fermer deux cases d'un coup : les deux sont à vous, et vous tracez un seul trait de plus."
    ),
    "Capturing is optional: you may leave a box for later, or for your opponent.": (
        "Prendre est facultatif : vous pouvez laisser une case pour plus tard, ou pour l'adversaire."
    ),
    "A line that closes nothing ends your turn. Nobody may pass.": (
        "Un trait qui ne ferme rien termine votre tour. Personne ne peut passer."
    ),
    "When every line is drawn, the most boxes wins; equal counts are a draw.": (
        "Quand tous les traits sont tracés, le plus de cases gagne ; à égalité, match nul."
    ),
    "Strategy: never draw a box's third side while a safe line is left.": (
        "Stratégie : ne tracez jamais le troisième côté d'une case tant qu'il reste un trait sûr."
    ),
    "Count the long chains (three boxes or more), and open the shortest chain first (Elwyn Berlekamp, The "
    "Dots-and-Boxes Game).": (
        "Comptez les longues chaînes (trois cases ou plus), et ouvrez d'abord la chaîne la plus courte (Elwyn "
        "Berlekamp, The Dots-and-Boxes Game)."
    ),
    "Beginners start on 3x3 dots, then move up to 5x5 dots, and to 6x6 dots and larger for serious play.": (
        "Les débutants commencent sur 3x3 points, puis passent à 5x5 points, et à 6x6 points et plus pour jouer "
        "sérieusement."
    ),
    "A move: one line": "Un coup : un trait",
    "A closes the box": "A ferme la case",
    "A chain of three": "Une chaîne de trois",
    "Print the rules or a grid": "Imprimer règles ou grille",
    "{name} starts: colours stay with the players, whoever starts": (
        "{name} commence : chacun garde sa couleur, quel que soit le premier joueur"
    ),
    "Move up: practise on {board}": "Plus grand : entraînez-vous sur {board}",
    "If tied": "En cas d'égalité",
    "Offer a decider": "Proposer une belle",
    "Decider agreed": "Belle convenue",
    "Play the agreed decider: {board}": "Jouer la belle convenue : {board}",
    "a tie: the decider agreed before play comes next": "égalité : place à la belle convenue d'avance",
    "decider if tied": "belle si égalité",
    "Small": "Petit",
    "Medium (the usual)": "Moyen (l'habituel)",
    "Large": "Grand",
    "no tie possible": "pas d'égalité possible",
    "a tie is possible": "égalité possible",
    "Swedish board (border drawn)": "Plateau suédois (bord tracé)",
    "Left and bottom drawn": "Gauche et bas tracés",
    "Captures": "Prises",
    "Optional": "Libres",
    "Compulsory": "Forcées",
    "captures compulsory": "prises obligatoires",
    "Captures compulsory": "Prises obligatoires",
    "Captures are compulsory: close a box first": "Prises obligatoires : fermez d'abord une case",
    "Captures are compulsory: close a triangle first": "Prises obligatoires : fermez d'abord un triangle",
    "Captures are compulsory: close a hexagon first": "Prises obligatoires : fermez d'abord un hexagone",
    "On a Swedish board the outer border is drawn before the first move. Those lines belong to nobody, and every "
    "corner box starts with two sides. It shortens the opening and puts the weight on chain control. (The "
    '"Swedish / Icelandic rule" of some rule sheets is something else: see Captures compulsory.)': (
        "Sur un plateau suédois, le bord extérieur est tracé avant le premier coup. Ces traits ne sont à personne, "
        "et chaque case de coin commence avec deux côtés. L'ouverture en est plus courte, et tout se joue sur le "
        "contrôle des chaînes. (La « règle suédoise / islandaise » de certaines fiches de règles est autre "
        "chose : voir Prises obligatoires.)"
    ),
    "This start draws only the left and bottom border lines, for nobody: half of a Swedish board, named for what "
    "it draws.": (
        "Ce départ ne trace que les bords gauche et bas, pour personne : la moitié d'un plateau suédois, nommée "
        "d'après ce qu'elle trace."
    ),
    "Capturing is optional here. Some rule sheets make captures compulsory (on their standard size, 4x4 dots) and "
    'call the right to decline the "Swedish / Icelandic rule". Settings > Rules > Captures: Compulsory plays their '
    "way: no double-cross. Try it.": (
        "Ici, prendre est libre. Certaines fiches (taille standard : 4x4 points) rendent les prises obligatoires "
        "et nomment « règle suédoise / islandaise » le droit de refuser. Réglages > Règles > Prises : Forcées "
        "joue ainsi. Essayez."
    ),
    "You are B; captures are compulsory. A opened the top chain: take its first box.": (
        "Vous êtes B ; prises forcées. A a ouvert la chaîne du haut : prenez sa première case."
    ),
    "Now try to leave the last two boxes, as in the double-cross.": (
        "Essayez maintenant de laisser les deux dernières cases, comme pour le coup double."
    ),
    "Captures are compulsory: while a box can be closed, you must close one.": (
        "Les prises sont obligatoires : tant qu'une case peut être fermée, vous devez en fermer une."
    ),
    "Taken: here you may not leave them.": "Prise : ici, vous ne pouvez pas les laisser.",
    "Take the last box of the chain.": "Prenez la dernière case de la chaîne.",
    "All three are yours, and you must move again.": "Les trois sont à vous, et vous devez rejouer.",
    "Nothing else is left: open the bottom chain.": "Il ne reste rien d'autre : ouvrez la chaîne du bas.",
    "A must now take all three.": "A doit maintenant prendre les trois.",
    "3 to 3: with captures compulsory there is no double-cross. Where capturing is optional, B wins 4 to 2.": (
        "3 à 3 : avec les prises obligatoires, pas de coup double. Là où prendre est facultatif, B gagne 4 à 2."
    ),
    "Safe lines": "Les traits sûrs",
    "Never draw a box's third side early: your opponent would take the box. A safe line gives no box its third "
    "side. Try it.": (
        "Ne tracez jamais trop tôt le troisième côté d'une case : l'adversaire la prendrait. Un trait sûr ne donne "
        "à aucune case son troisième côté. Essayez."
    ),
    "You are A. Draw a safe line: one that gives no box its third side.": (
        "Vous êtes A. Tracez un trait sûr : un trait qui ne donne à aucune case son troisième côté."
    ),
    "Careless: that is a box's third side, and B would take the box. Find a safe line.": (
        "Imprudent : c'est le troisième côté d'une case, et B la prendrait. Trouvez un trait sûr."
    ),
    "Safe: B has nothing to take.": "Sûr : B n'a rien à prendre.",
    "While safe lines remain, never draw a box's third side.": (
        "Tant qu'il reste des traits sûrs, ne tracez jamais le troisième côté d'une case."
    ),
    "Count the long chains": "Comptez les longues chaînes",
    "When the safe lines run out, whoever must open the first long chain usually loses. The starter wants dots + "
    "long chains even; the other player, odd. (Elwyn Berlekamp's long-chain rule.)": (
        "Quand les traits sûrs sont épuisés, qui ouvre la première longue chaîne perd le plus souvent. Qui commence "
        "veut points + longues chaînes pair ; l'autre, impair. (La règle d'Elwyn Berlekamp.)"
    ),
    # leaving the last two on triangles (rules sheet 004)
    "Triangles: leave the last two": "Triangles : tout sauf deux",
    "Chains work on triangles too. When your opponent opens a long chain, take all but the last two triangles and "
    "leave those two: your opponent takes both, then has to open the next chain. Try it.": (
        "Les chaînes existent aussi sur les triangles. Quand l'adversaire ouvre une longue chaîne, prenez tout sauf "
        "les deux derniers triangles et laissez-les : il les prend tous les deux, puis doit ouvrir la chaîne "
        "suivante. Essayez."
    ),
    "You are A. No safe line is left: give away the shortest chain, the triangle at the top.": (
        "Vous êtes A. Plus aucun trait sûr : donnez la chaîne la plus courte, le triangle du haut."
    ),
    "That opens a long chain: give away the single triangle at the top.": (
        "Ce trait ouvre une longue chaîne : donnez le triangle seul, en haut."
    ),
    "B takes it, and has to open the chain of three.": "B le prend, et doit ouvrir la chaîne de trois.",
    "B opened the chain of three: take its first triangle.": (
        "B a ouvert la chaîne de trois : prenez son premier triangle."
    ),
    "Take the triangle that has two sides, at the open end of the chain of three.": (
        "Prenez le triangle qui a deux côtés, au bout ouvert de la chaîne de trois."
    ),
    "One triangle taken, and you move again.": "Un triangle pris, et vous rejouez.",
    "Now leave the last two: draw the far end of the chain, not the line that takes a triangle.": (
        "Laissez maintenant les deux derniers : tracez le bout de la chaîne, pas le trait qui prend un triangle."
    ),
    "Leave the last two triangles: draw the far end of the chain, at the bottom right.": (
        "Laissez les deux derniers triangles : tracez le bout de la chaîne, en bas à droite."
    ),
    "B takes both with one line, but then has to open the chain of five.": (
        "B prend les deux d'un seul trait, mais doit ensuite ouvrir la chaîne de cinq."
    ),
    "Take the chain of five, triangle by triangle.": "Prenez la chaîne de cinq, triangle par triangle.",
    "Take a triangle: draw a line that closes one.": "Prenez un triangle : tracez un trait qui en ferme un.",
    "All five.": "Les cinq.",
    "You win 6 to 3. Had you taken all three, you would have had to open the chain of five: 3 to 6.": (
        "Vous gagnez 6 à 3. En prenant les trois, vous auriez dû ouvrir la chaîne de cinq : 3 à 6."
    ),
    "Leave the last two: take all but two of the opened chain, then draw its far end; the other opens next.": (
        "Laissez les deux derniers : prenez la chaîne ouverte sauf deux, puis tracez son bout ; l'autre ouvrira la "
        "suivante."
    ),
    "You are A and you started: draw the safe line that makes two long chains (16 dots + 2: even).": (
        "Vous êtes A et avez commencé : tracez le trait sûr qui fait deux longues chaînes (16 points + 2 : pair)."
    ),
    "Count again: that leaves one long chain. Close the top row off into a chain of three.": (
        "Recomptez : il ne reste qu'une longue chaîne. Fermez la rangée du haut en une chaîne de trois."
    ),
    "Two long chains: the top row, and the four boxes at the bottom left.": (
        "Deux longues chaînes : la rangée du haut, et les quatre cases en bas à gauche."
    ),
    "Count the long chains before the safe lines run out: the starter wants dots + long chains even.": (
        "Comptez les longues chaînes avant la fin des traits sûrs : qui commence veut points + longues chaînes pair."
    ),
    "Shortest chain first": "La plus courte d'abord",
    "When every line gives something away, give the least: open the shortest chain first. Try it.": (
        "Quand chaque trait donne quelque chose, donnez le moins : ouvrez d'abord la chaîne la plus courte. Essayez."
    ),
    "You are A. No safe line is left: every line gives something away. Open the shortest chain.": (
        "Vous êtes A. Il ne reste aucun trait sûr : chaque trait donne quelque chose. Ouvrez la chaîne la plus courte."
    ),
    "That gives B more than it needs to: find the chain of one box, in the top-left corner.": (
        "Cela donne à B plus que nécessaire : trouvez la chaîne d'une case, dans le coin en haut à gauche."
    ),
    "B takes one box, and then has to open a chain for you.": ("B prend une case, puis doit vous ouvrir une chaîne."),
    "B opened the chain of two in its middle: take both boxes.": (
        "B a ouvert la chaîne de deux en son milieu : prenez les deux cases."
    ),
    "Two boxes for you; only the long chain is left, and it goes to B.": (
        "Deux cases pour vous ; il ne reste que la longue chaîne, et elle va à B."
    ),
    "Giving the shortest chain first keeps what you give small: 2 to 7 here, and 1 to 8 otherwise.": (
        "Donner d'abord la chaîne la plus courte limite ce que vous donnez : 2 à 7 ici, et 1 à 8 sinon."
    ),
    "Triangles: safe or careless": "Triangles : sûr ou imprudent",
    "On triangles the careless line is a triangle's second side: your opponent closes it with the third. A safe "
    "line touches only triangles with no side drawn. Try it.": (
        "Sur les triangles, le trait imprudent est le deuxième côté d'un triangle : l'adversaire le ferme avec le "
        "troisième. Un trait sûr ne touche que des triangles sans côté tracé. Essayez."
    ),
    "You are A. On triangles a safe line gives no triangle its second side: draw one.": (
        "Vous êtes A. Sur les triangles, un trait sûr ne donne à aucun triangle son deuxième côté : tracez-en un."
    ),
    "Careless: that is a triangle's second side, and B would close it. Find a safe line.": (
        "Imprudent : c'est le deuxième côté d'un triangle, et B le fermerait. Trouvez un trait sûr."
    ),
    "Safe: B has nothing to close.": "Sûr : B n'a rien à fermer.",
    "A triangle has only three sides: its second side is already the careless one.": (
        "Un triangle n'a que trois côtés : son deuxième côté est déjà l'imprudent."
    ),
    "Triangles: two at once": "Triangles : deux d'un coup",
    "A line between two triangles that both have two sides closes both: two points, one extra move.": (
        "Un trait entre deux triangles qui ont chacun deux côtés les ferme tous les deux : deux points, un seul "
        "coup en plus."
    ),
    "You are A. One line is the last side of two triangles: draw it.": (
        "Vous êtes A. Un trait est le dernier côté de deux triangles : tracez-le."
    ),
    "That takes nothing: find the line between two triangles that both have two sides.": (
        "Cela ne prend rien : trouvez le trait entre deux triangles qui ont chacun deux côtés."
    ),
    "Two at once: both are yours, and you move again, once.": (
        "Deux d'un coup : les deux sont à vous, et vous rejouez, une fois."
    ),
    "Your extra move: draw another line.": "Votre coup en plus : tracez un autre trait.",
    "That line closed nothing, so B moves next.": "Ce trait n'a rien fermé : c'est à B de jouer.",
    "Done: two triangles with one line, and one extra move.": (
        "Fini : deux triangles d'un seul trait, et un seul coup en plus."
    ),
    "Hint: {line}. {why}": "Indice : {line}. {why}",
    "not rated: undo, a hint or a given start": "non classée : annulation, indice ou position donnée",
    "rating {rating} ({change})": "classement {rating} ({change})",
    "rating {rating}": "classement {rating}",
    "January": "janvier",
    "February": "février",
    "March": "mars",
    "April": "avril",
    "June": "juin",
    "July": "juillet",
    "August": "août",
    "September": "septembre",
    "October": "octobre",
    "November": "novembre",
    "December": "décembre",
    "Mo": "Lu",
    "Tu": "Ma",
    "We": "Me",
    "Th": "Je",
    "Fr": "Ve",
    "Sa": "Sa",
    "Su": "Di",
    "Daily puzzle": "Problème du jour",
    "You won": "Vous avez gagné",
    "Theme": "Thème",
    "Light": "Clair",
    "Dark": "Sombre",
    "theme {name!r} is not offered": "le thème {name!r} n'est pas proposé",
    "Play today's puzzle": "Jouer le problème du jour",
    "Today's puzzle: solved": "Problème du jour : résolu",
    "best: {n}": "record : {n}",
    "the backup's daily puzzle days are not dates": (
        "les jours du problème du jour de la sauvegarde ne sont pas des dates"
    ),
    # -- on a phone (issue 22)
    "Competitive is now on: no undo or hints": "Compétition activée : ni annulation ni indice",
    " · casual: undo and hints on": " · amicale : annulation et indices permis",
    "Paused: tap the board to go on": "En pause : touchez le plateau pour reprendre",
    "nobody played: not recorded": "personne n'a joué : partie non enregistrée",
    "Share...": "Partager...",
    "Choose where to send it...": "Choisissez où l'envoyer...",
    "Sent.": "Envoyé.",
    "The browser could not share it: copy the link instead.": (
        "Le navigateur n'a pas pu le partager : copiez plutôt le lien."
    ),
    "This is not a game link.": "Ce n'est pas un lien de partie.",
    "This link is damaged: the game in it cannot be read. Ask for the link again.": (
        "Ce lien est abîmé : la partie qu'il contient est illisible. Redemandez le lien."
    ),
    "This link is not whole: part of it was lost when it was copied. Ask for the link again.": (
        "Ce lien n'est pas entier : une partie s'est perdue quand il a été copié. Redemandez le lien."
    ),
    "This link was changed on the way: a letter in it is wrong or missing. Ask for the link again.": (
        "Ce lien a été modifié en route : une lettre est fausse ou manque. Redemandez le lien."
    ),
    "This link was made by another version of the game, which this one cannot read.": (
        "Ce lien a été fait par une autre version du jeu, que celle-ci ne sait pas lire."
    ),
    "This link's board is not one this game has.": "Le plateau de ce lien n'existe pas dans ce jeu.",
    "Cancel": "Annuler",
    "Continue it, or replace it with a new game? Cancel leaves both as they are.": (
        "La reprendre, ou la remplacer par une nouvelle partie ? Annuler laisse tout tel quel."
    ),
    "Computer ({level})": "Ordi ({level})",
    "Sound on": "Son activé",
    "Sound off": "Son coupé",
    # the analysis board (game/play/analysis_board.py, game/app/analysis_overlay.py)
    "Values": "Valeurs",
    "Hide values": "Masquer",
    "No values in a competitive game": "Pas de valeurs dans une partie de compétition",
    "Values shown: press Hide values to play on": "Valeurs affichées : touchez Masquer pour reprendre",
    "Values: each free line shows what drawing it gives the player to move, in boxes more than the other from "
    "here on, with best play. The best are filled in. \u2026 means still searching; a blank, not solved in time.": (
        "Valeurs : chaque trait libre montre ce que le tracer rapporte au joueur qui a la main, en cases de plus que "
        "l'autre d'ici la fin, si chacun joue au mieux. Les meilleures sont pleines. \u2026 : recherche en cours ; "
        "rien : pas résolu à temps."
    ),
    "No line could be valued in the time.": "Aucun trait n'a pu être évalué dans le temps donné.",
    "Best: {line}, {outcome}.": "Meilleur : {line}, {outcome}.",
    "{n} of {count} lines valued; the best is not known yet.": (
        "{n} traits évalués sur {count} ; le meilleur n'est pas encore connu."
    ),
    "No line to value here": "Aucun trait à évaluer ici",
    "Values are for games of two players": "Les valeurs sont pour les parties à deux joueurs",
    "Values for {name} to move · {n} of {count} lines solved": (
        "Valeurs pour {name}, qui a la main · {n} traits résolus sur {count}"
    ),
    "Values for {name} to move · {n} of {count} lines solved so far...": (
        "Valeurs pour {name}, qui a la main · {n} traits résolus sur {count} pour l'instant..."
    ),
    "the boxes left are shared evenly": "les cases restantes se partagent à égalité",
    # issue 33, on a phone: what the screen reader hears (game/app/telling.py), the rating, the daily calendar
    "{label}: {value}, {n} of {count}": "{label} : {value}, {n} sur {count}",
    "Pages": "Pages",
    "{label}, button": "{label}, bouton",
    "{words}, greyed": "{words}, grisé",
    "The puzzle of {day} comes that day.": "Le problème du {day} arrive ce jour-là.",
    "Whoever pastes this code in Open a link sees the review of this game.": (
        "Qui colle ce code dans Ouvrir un lien voit l'analyse de cette partie."
    ),
    "Whoever pastes this code in Open a link plays on from move {n} of this game.": (
        "Qui colle ce code dans Ouvrir un lien reprend cette partie au coup {n}."
    ),
    "Whoever pastes this code in Open a link plays on from this position.": (
        "Qui colle ce code dans Ouvrir un lien reprend la partie à cette position."
    ),
    "Pipopipette is installed whole.": "Pipopipette est installé en entier.",
    "Pipopipette is missing some of its files:": "Il manque à Pipopipette certains de ses fichiers :",
    "  missing: {why}": "  manque : {why}",
    "The game ran {frames} frames ({drawn} drawn) in a window nobody sees.": (
        "Le jeu a tourné {frames} images ({drawn} dessinées) dans une fenêtre que personne ne voit."
    ),
    "Its files are read from {assets}.": "Ses fichiers sont lus dans {assets}.",
    "Window icon: {w}x{h} pixels.": "Icône de la fenêtre : {w}x{h} pixels.",
    "Sounds: {lengths}.": "Sons : {lengths}.",
    "Puzzles: {n}.": "Problèmes : {n}.",
    "The browser's backup script: {n} bytes.": "Le script de sauvegarde du navigateur : {n} octets.",
    "(pipopipette --check --json gives the same as JSON, for scripts.)": (
        "(pipopipette --check --json donne la même chose en JSON, pour les scripts.)"
    ),
    "The puzzle of {day}: solving it now leaves your streak as it is.": (
        "Le problème du {day} : le résoudre maintenant ne change pas votre série."
    ),
    "rating {rating}? (provisional until more rated games)": (
        "classement {rating} ? (provisoire jusqu'à d'autres parties classées)"
    ),
    # -- online rooms: one link through the relays, reconnecting by itself (game/play/online/relay.py, lobby.py) --
    "At most {n} relays: keep the ones you need.": "Au plus {n} relais : gardez ceux dont vous avez besoin.",
    "Back to the game": "Reprendre la partie",
    "Joining your friend's room through the relay...": "Connexion au salon de votre ami par le relais...",
    "No relay answered, so this invitation works the other way: your friend sends you back a reply link.": (
        "Aucun relais n'a répondu : cette invitation marche donc à l'ancienne, votre ami vous renvoie un lien de "
        "réponse."
    ),
    (
        "No relay answers from this device: ask your friend to invite you again; without relays, the invitation "
        "comes with a reply link to send back."
    ): (
        "Aucun relais ne répond depuis cet appareil : demandez à votre ami de vous inviter à nouveau ; sans relais, "
        "l'invitation vient avec un lien de réponse à lui renvoyer."
    ),
    "No relay is set in Settings, Options, Online servers.": (
        "Aucun relais n'est indiqué dans Réglages, Options, Serveurs en ligne."
    ),
    "Reaching the relays that carry the room's link...": "Connexion aux relais qui portent le lien du salon...",
    (
        "The moves are kept. The game goes on by itself as soon as the two devices find each other again through the "
        "relay."
    ): ("Les coups sont gardés. La partie reprend d'elle-même dès que les deux appareils se retrouvent par le relais."),
    "Reconnecting to {name}'s device through the relay...": "Reconnexion à l'appareil de {name} par le relais...",
    "Reconnecting: no relay answers yet; the game is kept": (
        "Reconnexion : aucun relais ne répond encore ; la partie est gardée"
    ),
    "Relays (wss://host:port/path) carry a room's one link; with none, a friend joins by two links.": (
        "Les relais (wss://hôte:port/chemin) portent le lien unique d'un salon ; sans eux, un ami vous rejoint par "
        "deux liens."
    ),
    (
        "Send this link to your friend with any app, or let their phone's camera read the square code: opening it "
        "joins your game. If a page is reloaded or the connection lost, the two devices find each other again by "
        "themselves."
    ): (
        "Envoyez ce lien à votre ami par n'importe quelle application, ou faites lire le code carré par l'appareil "
        "photo de son téléphone : l'ouvrir rejoint votre partie. Si une page est rechargée ou la connexion perdue, "
        "les deux appareils se retrouvent d'eux-mêmes."
    ),
    "This is not an online game link.": "Ce n'est pas un lien de partie en ligne.",
    (
        "Your online game was interrupted; its moves are kept. Go back to it: your friend's device finds this one "
        "again by the same link. Or open a new room."
    ): (
        "Votre partie en ligne a été interrompue ; ses coups sont gardés. Reprenez-la : l'appareil de votre ami "
        "retrouve celui-ci par le même lien. Ou ouvrez un nouveau salon."
    ),
    "{url} has no server name after wss://": "{url} n'a pas de nom de serveur après wss://",
    "{url} is not a relay address: it starts with wss://": "{url} n'est pas une adresse de relais : elle commence par wss://",
    "{url} is too long for a relay address": "{url} est trop longue pour une adresse de relais",
    "{url}: the path after the server has characters a relay address cannot have": (
        "{url} : le chemin après le serveur a des caractères qu'une adresse de relais ne peut pas avoir"
    ),
}

# Counted phrases: English singular -> (French singular, used for 0 and 1; French plural).
FRENCH_PLURALS: dict[str, tuple[str, str]] = {
    "{name} asks to take back their last line.": (
        "{name} demande à reprendre son dernier trait.",
        "{name} demande à reprendre ses {n} derniers traits.",
    ),
    "The other player asks to take back their last move.": (
        "L'autre joueur demande à reprendre son dernier coup.",
        "L'autre joueur demande à reprendre ses {n} derniers coups.",
    ),
    "{n} other line is as good.": ("{n} autre trait est aussi bon.", "{n} autres traits sont aussi bons."),
    "{name} takes {n} more box than the other": (
        "{name} prend {n} case de plus que l'autre",
        "{name} prend {n} cases de plus que l'autre",
    ),
    "{name} takes {n} box fewer than the other": (
        "{name} prend {n} case de moins que l'autre",
        "{name} prend {n} cases de moins que l'autre",
    ),
    "{n} game played": ("{n} partie jouée", "{n} parties jouées"),
    "{n} line drawn": ("{n} trait tracé", "{n} traits tracés"),
    "Current streak: {n} win": ("Série en cours : {n} victoire", "Série en cours : {n} victoires"),
    "Current streak: {n} draw": ("Série en cours : {n} nul", "Série en cours : {n} nuls"),
    "Current streak: {n} loss": ("Série en cours : {n} défaite", "Série en cours : {n} défaites"),
    "Delete {n} finished game and its statistics?": (
        "Effacer {n} partie terminée et ses statistiques ?",
        "Effacer les {n} parties terminées et leurs statistiques ?",
    ),
    "{n} game is not saved yet": ("{n} partie pas encore enregistrée", "{n} parties pas encore enregistrées"),
    "{n} saved item could not be read; it was kept": (
        "{n} élément enregistré illisible a été conservé",
        "{n} éléments enregistrés illisibles ont été conservés",
    ),
    "{n} game in your history could not be read ({why}). It was kept unchanged; the others are shown.": (
        "{n} partie de votre historique est illisible ({why}). Elle est conservée telle quelle ; les autres sont "
        "affichées.",
        "{n} parties de votre historique sont illisibles ({why}). Elles sont conservées telles quelles ; les autres "
        "sont affichées.",
    ),
    "{n} game added": ("{n} partie ajoutée", "{n} parties ajoutées"),
    "({n} already here)": ("({n} déjà là)", "({n} déjà là)"),
    "{n} solved puzzle added": ("{n} problème résolu ajouté", "{n} problèmes résolus ajoutés"),
    "{n} game not added: a different game here has its id": (
        "{n} partie non ajoutée : une autre partie ici a son identifiant",
        "{n} parties non ajoutées : d'autres parties ici ont leurs identifiants",
    ),
    "{n} older game added to the totals": (
        "{n} partie ancienne ajoutée aux totaux",
        "{n} parties anciennes ajoutées aux totaux",
    ),
    "{n} older game already counted": ("{n} partie ancienne déjà comptée", "{n} parties anciennes déjà comptées"),
    "{n} finished game": ("{n} partie terminée", "{n} parties terminées"),
    "{n} solved puzzle": ("{n} problème résolu", "{n} problèmes résolus"),
    "{n} line left.": ("{n} trait restant.", "{n} traits restants."),
    "{n} safe line.": ("{n} trait sûr.", "{n} traits sûrs."),
    "{n} chain: {sizes}.": ("{n} chaîne : {sizes}.", "{n} chaînes : {sizes}."),
    "{n} loop: {sizes}.": ("{n} boucle : {sizes}.", "{n} boucles : {sizes}."),
    "{n} day in a row": ("{n} jour d'affilée", "{n} jours d'affilée"),
    # issue 33, on a phone: the daily puzzles solved, the rated games under the rating chart
    "{n} solved": ("{n} résolu", "{n} résolus"),
    "{n} rated game": ("{n} partie classée", "{n} parties classées"),
    "Undone: {n} line taken back.": ("Annulé : {n} trait repris.", "Annulé : {n} traits repris."),
}
