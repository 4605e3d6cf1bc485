"""User input and other text as an error message may show it: quoted, cut short, with every
character that could hide or reorder text escaped. Every layer's errors quote input this way.
"""

#: Characters of user input repeated in a message before it is cut short.
SHOWN = 40


#: The same for a file path, which is no use cut short where a name is.
PATH_SHOWN = 200


def shown(value: object, limit: int = SHOWN) -> str:
    """User input as it may appear in a message: quoted, at most `limit` characters, with
    control, zero-width and bidirectional characters escaped so none can hide or reorder text.

    A 100 KB name or a 10 MB goal is repeated as its first few characters and its length.
    """
    text = value if isinstance(value, str) else repr(value)
    head = visible(text[:limit])
    if len(text) > limit:
        head += f"... ({len(text):,} characters)"
    return f"'{head}'"


def times(n: int) -> str:
    """How often a piece appears, as a message says it: "once", "twice", "3 times"."""
    return {0: "0 times", 1: "once", 2: "twice"}.get(n, f"{n} times")


#: Combining marks kept on one letter or digit (Vietnamese stacks two); more are escaped.
MARKS_KEPT = 2


def visible(text: str, quotes: bool = True) -> str:
    """`text` with control, zero-width, bidirectional and separator characters escaped
    (`\\u202e`), and combining marks that do not sit on a letter or digit (one at the start
    would sit on the quote before it; a long stack covers the lines around it); with `quotes`,
    also ' and \\ (text shown between quotes)."""
    if text.isascii() and text.isprintable() and not (quotes and ("'" in text or "\\" in text)):
        return text  # nothing to escape: a path or a state as most are typed
    import unicodedata  # past ASCII only: a lookup's own words need not load it

    out, marks = [], None  # marks: how many sit on the last letter or digit; None: no such
    for ch in text:
        category = unicodedata.category(ch)
        if category[0] == "M":
            if marks is not None and marks < MARKS_KEPT:
                marks += 1
                out.append(ch)
            else:
                out.append(_escape(ch))
            continue
        marks = 0 if category[0] in "LN" else None
        if ch in "'\\":
            out.append("\\" + ch if quotes else ch)
        elif category[0] == "C" or category in ("Zl", "Zp") or (category == "Zs" and ch != " "):
            out.append(_escape(ch))  # Cc control, Cf format (zero-width, bidi), Co/Cn
        else:
            out.append(ch)
    return "".join(out)


def _escape(ch: str) -> str:
    code = ord(ch)
    return (
        f"\\x{code:02x}"
        if code < 0x100
        else f"\\u{code:04x}"
        if code < 0x10000
        else f"\\U{code:08x}"
    )


#: The longest message any error carries; what quotes input quotes a short prefix anyway.
MESSAGE_LIMIT = 1000


def safe_message(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message as every front end may print it: invisible and control characters escaped
    (SQLite's own messages repeat the SQL text, table names are anyone's) and at most `limit`
    characters. Idempotent on text `shown` made, which holds no such character."""
    text = visible(text, quotes=False)
    if len(text) > limit:
        text = text[: limit - 40] + f"... ({len(text):,} characters in all)"
    return text
