"""baccarat: learn, play (virtual points only) and analyse Punto Banco baccarat."""

__version__ = "0.1.0"
