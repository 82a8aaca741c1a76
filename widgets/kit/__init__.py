"""What the four games' widgets share, written once: strategy labs, odds labs, game tables and
map figures. A game's own folder (``widgets/<game>/``) keeps only what is really that game's."""
