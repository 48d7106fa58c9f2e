"""What every screen shows, as data and words, for the terminal (`cli`) and the pages (`web`) alike (issue 42).

`words`: a game's sheet, status and records in words; `labels`: players' short names; `refusals`: a
mistake said in the table's words; `sheet`: a game as `sheet --json` gives it; `paper`: the printed and
served pages' data and HTML. It imports the service, the games and the core, never `cli` nor `web`:
both stand on it, side by side.
"""
