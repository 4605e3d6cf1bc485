"""The permutation kind as the house knows it (builder.registry): puzzles written as orbits of
pieces that moves permute and twist, from TOML or twsearch's .tws."""

from ...registry import Kind, Packing, lazy

KIND = Kind(
    name="permutation",
    from_spec=lazy(".puzzle:PermutationPuzzle.from_spec", __package__),
    define=lazy(".definition:define", __package__),
    flags={
        "tws": lazy(".definition:from_tws", __package__),
        "kpuzzle": lazy(".definition:from_kpuzzle", __package__),
    },
    catalogue=lazy(".catalogue:MAKERS", __package__),
    packings=(
        Packing(
            packs=lazy(".packed:packable", __package__),
            codec=lazy(".packed:PackedPermutation", __package__),
            boards=lazy(".packed:BOARDS", __package__),
        ),
    ),
)
