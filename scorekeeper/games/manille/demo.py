"""The demo partie: Marius's manille at the Bar de la Marine, a partie liée that goes to the belle.

It shows each rule of the muette on the fiche: the retourne scored before the coup (M-5) and ending
a manche by itself, a 34-34 coup nul (M-4), a renonce (M-8), two manches and a belle of 44 (M-9).
"""

PLAYERS = ("César", "Panisse", "Escartefigue", "Brun")
RULESET = "manille-muette"
COUPS: tuple[dict[str, object], ...] = (
    {"retourne": "10H", "points": {"César": 40}},
    {"retourne": "7S", "points": {"Panisse": 48}},
    {"retourne": "KD", "points": {"Brun": 34}},
    {"retourne": "9C", "points": {"César": 50}},
    {"retourne": "AH"},
    {"retourne": "JS", "points": {"Panisse": 52}},
    {"retourne": "8D", "renonce": "Escartefigue"},
    {"retourne": "QH", "points": {"César": 44}},
    {"retourne": "10C", "points": {"César": 60}},
    {"retourne": "7H", "points": {"Brun": 30}},
)
