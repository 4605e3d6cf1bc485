"""Facts the tests share about the seed puzzles."""

#: atama's goal in the article (its second build in the seed database).
ATAMA_ARTICLE_GOAL = "ソウアイ*タタノマ"
