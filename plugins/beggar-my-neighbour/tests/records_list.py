"""The long-game records as the record lists publish them (Richard P. Mann's list, also
printed by the beggarmypython simulator and by Casella et al. 2024): the hands, top first,
and the published cards and tricks; and the first non-terminating deal (Casella, 2024)."""

from __future__ import annotations

RECORDS: tuple[tuple[str, str, str, int, int], ...] = (
    # (found by, hand 0, hand 1, published cards, published tricks)
    ("Paulhus 1999", "------------KAQ----J------", "-JQQK---K----JK--QA-A-JA--", 4791, 670),
    ("Kleber 1999", "---JQ---K-A----A-J-K---QK-", "-J-----------AJQA----K---Q", 5790, 805),
    ("Collins 2006", "A-QK------Q----KA-----J---", "-JAK----A--Q----J---QJ--K-", 6913, 960),
    ("Mann and Wu 2007", "K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--", 7157, 1007),
    ("Nessler 2012", "----Q------A--K--A-A--QJK-", "-Q--J--J---QK---K----JA---", 7207, 1015),
    ("Anderson 2013", "--A-Q--J--J---Q--AJ-K---K-", "-J-------Q------A--A--QKK-", 7225, 1016),
    ("Rucklidge 2014", "-J------Q------AAA-----QQ-", "K----JA-----------KQ-K-JJK", 7959, 1122),
    ("Nessler 2021", "----K---A--Q-A--JJA------J", "-----KK---------A-JK-Q-Q-Q", 7972, 1106),
    ("Nessler 2022", "---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---", 8344, 1164),
)

NON_TERMINATING = ("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA")
"""Casella 2024: the game enters a cycle of 62 tricks."""
