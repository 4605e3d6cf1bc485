"""The peg kind as the house knows it (builder.registry): peg solitaire on any board of holes.
Each part is named where it lives and imported when first used, so a lookup never loads its
codecs."""

from ...registry import Kind, Packing, lazy

KIND = Kind(
    name="peg",
    from_spec=lazy(".puzzle:PegSolitaire.from_spec", __package__),
    define=lazy(".definition:define_peg", __package__),
    packings=(
        Packing(
            packs=lazy(".packed:packable", __package__),
            codec=lazy(".packed:PackedPegs", __package__),
            boards=lazy(".packed:BOARDS", __package__),
        ),
        # the same boards, their moves chains of jumps
        Packing(
            packs=lazy(".chains:packable", __package__),
            codec=lazy(".chains:PackedChains", __package__),
        ),
    ),
    catalogue=lazy(".catalogue:MAKERS", __package__),
)
