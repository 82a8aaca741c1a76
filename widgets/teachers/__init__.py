"""The teacher's side: guides, printable worksheets and answer keys (issue #14 §1).

``sheets`` runs a lesson's own cells away from any page and reads its checks (question, options,
computed answer, explanation), so a worksheet can never drift from the lesson; ``render`` writes
a worksheet or its key as printable HTML; ``pages`` holds the widgets of the teacher pages (the
worksheet page, the rulebook decisions a teacher needs).
"""
