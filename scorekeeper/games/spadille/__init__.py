"""What the games of the hombre family share, in one place: the 40-card deck (`deck`, C-1), the order of the
cards with the matadors (spadille, manille, basta: `legal`, H-1 to H-5, D-1) and who wins a trick and
which card may be played, and the matadors counted (`matadors`); the referee (`referee`), and who pays
whom at the end of an evening (`payments`). The French l'hombre of 1709 (`hombre`) and
l'hombre as Denmark plays it (`lhombre`) each score in their own way on top of it; neither imports the other.
"""
