"""The Dutch demo partie: manillen as a Flemish café plays it, Jef and Staf against Mieke and Fien.

The Belgian partie of 20 deals (M-9), the highest total winning: the dealer names troef or zonder troef,
or passes the choice to his maat (M-10), each team choosing ten times and twice zonder troef; 60 points a
spel, the side above 30 scoring the excess (M-2, M-4) times the multipliers of M-6: zonder troef x2,
kloppen x2, tegenkloppen x2 more, a 30-30 doubling the next spel (M-4); a verzaking costs the most the
spel could score (M-8). Mieke and Fien win, 217 to 154.
"""

PLAYERS = ("Jef", "Mieke", "Staf", "Fien")
RULESET = "manillen"
COUPS: tuple[dict[str, object], ...] = (
    {"trump": "H", "points": {"Jef": 40}},
    {"trump": "SA", "points": {"Mieke": 38}},
    {"trump": "C", "chooser": "Jef", "contre": "Mieke", "points": {"Staf": 42}},
    {"trump": "S", "contre": "Jef", "surcontre": "Fien", "points": {"Fien": 45}},
    {"trump": "D", "points": {"Jef": 30}},
    {"trump": "H", "points": {"Mieke": 36}},
    {"trump": "SA", "points": {"Staf": 44}},
    {"trump": "C", "chooser": "Mieke", "renonce": "Staf"},
    {"trump": "S", "points": {"Jef": 34}},
    {"trump": "D", "contre": "Jef", "points": {"Fien": 28}},
    {"trump": "H", "points": {"Staf": 50}},
    {"trump": "SA", "points": {"Fien": 41}},
    {"trump": "SA", "chooser": "Staf", "points": {"Jef": 33}},
    {"trump": "S", "chooser": "Fien", "points": {"Mieke": 47}},
    {"trump": "C", "contre": "Mieke", "surcontre": "Staf", "points": {"Staf": 39}},
    {"trump": "D", "points": {"Fien": 30}},
    {"trump": "H", "contre": "Fien", "points": {"Jef": 26}},
    {"trump": "C", "points": {"Jef": 37}},
    {"trump": "S", "points": {"Staf": 45}},
    {"trump": "H", "contre": "Staf", "points": {"Mieke": 52}},
)
