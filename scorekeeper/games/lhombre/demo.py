"""The Danish demo evening: l'hombre at a club table of four, Ole, Bent, Kaj and Mette, Ole dealing first.

Twelve deals of the union's contracts (D-3): vundet, bet and kruk (D-4), a tout made (D-6), a nolo, a pass
and a strafpoint (D-7); the regnskab after it (`settle --rate 0,25`, D-8). Kaj ends ahead, 13 points.
"""

PLAYERS = ("Ole", "Bent", "Kaj", "Mette")
RULESET = "lhombre-dlu"
COUPS: tuple[dict[str, object], ...] = (
    {"declarer": "Bent", "contract": "alm", "tricks": {"Bent": 5, "Mette": 2, "Ole": 2}},
    {"declarer": "Kaj", "contract": "solo_spar", "tricks": {"Kaj": 6, "Ole": 2, "Bent": 1}},
    {"declarer": "Mette", "contract": "tourne", "outcome": "kruk"},
    {"declarer": "Ole", "contract": "ren_nolo", "tricks": {"Ole": 0}},
    {"pass": True},
    {"declarer": "Kaj", "contract": "solo", "tricks": {"Kaj": 9, "Ole": 0, "Bent": 0}, "tout": True},
    {"strafpoint": "Mette"},
    {"declarer": "Mette", "contract": "bedre", "tricks": {"Mette": 3, "Bent": 3, "Kaj": 3}},
    {"declarer": "Ole", "contract": "tourne_respekt", "tricks": {"Ole": 5, "Kaj": 3, "Mette": 1}},
    {"declarer": "Ole", "smide": True},
    {"declarer": "Bent", "contract": "solo_spar", "outcome": "vundet"},
    {"declarer": "Kaj", "contract": "kobe_nolo", "tricks": {"Kaj": 0}},
)
