"""The Rush Hour kind as the house knows it (builder.registry): vehicles on a board with an exit,
one card or a list of cards. Each part is named where it lives and imported when first used: its
codec takes about 15 ms to load, which no other board's build pays."""

from ...registry import Kind, Packing, lazy

KIND = Kind(
    name="rush",
    from_spec=lazy(".cards:from_spec", __package__),
    define=lazy(".definition:define_rush", __package__),
    flags={
        "rush": lazy(".definition:from_flags", __package__),
        "rush_cards": lazy(".definition:cards_from_flags", __package__),
    },
    packings=(
        Packing(
            packs=lazy(".packed:packable", __package__),
            codec=lazy(".packed:codec_of", __package__),
            plain_order=True,
            boards="Rush Hour boards",
            called="a Rush Hour board",
        ),
    ),
    catalogue=lazy(".catalogue:MAKERS", __package__),
)
