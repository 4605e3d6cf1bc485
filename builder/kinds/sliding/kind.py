"""The sliding kind as the house knows it (builder.registry): boards of sliding blocks, from the
8-puzzle to Klotski. Each part is named where it lives and imported when first used, so a
lookup loads a board's rules and text, never its codecs."""

from ...registry import Kind, Packing, lazy

KIND = Kind(
    name="sliding",
    from_spec=lazy(".any_mix:from_spec", __package__),  # a family, or one board
    define=lazy(".definition:define", __package__),
    flags={"rows": lazy(".definition:from_flags", __package__)},
    packings=(
        Packing(
            packs=lazy(".packed:packable", __package__),
            codec=lazy(".packed:PackedBoard", __package__),
            boards="sliding boards of one blank, one-cell tiles and one tile a move",
        ),
        Packing(
            packs=lazy(".packed_blocks:packable", __package__),
            codec=lazy(".packed_blocks:PackedBlocks", __package__),
            plain_order=True,
            boards="sliding boards of blocks (any pieces, any blanks, one piece a move)",
            called="a board of blocks",
        ),
        Packing(  # searched a mix at a time, each a board of blocks (said above)
            packs=lazy(".packed_mixes:packs", __package__),
            codec=lazy(".packed_mixes:PackedMixes", __package__),
            plain_order=True,
            called="a family of every piece mix of a board of blocks",
        ),
    ),
    catalogue=lazy(".catalogue:MAKERS", __package__),
)
