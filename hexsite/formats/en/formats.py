"""English dates and times for the site's readers, a European community (French first): day
month year and a 24-hour clock, as en-GB writes them, never Django's American « en » (« Nov. 28,
2026 », « 11/28/2026 2:30 p.m. »). Django reads this module before its own for « en »
(settings.FORMAT_MODULE_PATH); what is not set here is Django's en-GB or en as before.
Format characters: https://docs.djangoproject.com/en/stable/ref/templates/builtins/#date"""

DATE_FORMAT = "j F Y"  # 28 November 2026
TIME_FORMAT = "H:i"  # 14:30
DATETIME_FORMAT = "j F Y, H:i"  # 28 November 2026, 14:30
YEAR_MONTH_FORMAT = "F Y"  # November 2026
MONTH_DAY_FORMAT = "j F"  # 28 November
SHORT_DATE_FORMAT = "d/m/Y"  # 28/11/2026
SHORT_DATETIME_FORMAT = "d/m/Y H:i"  # 28/11/2026 14:30
FIRST_DAY_OF_WEEK = 1  # Monday
# Typed dates are read day first, as they are shown (ISO, what date inputs send, is always read).
DATE_INPUT_FORMATS = ["%d/%m/%Y", "%d/%m/%y"]
DATETIME_INPUT_FORMATS = [
    "%d/%m/%Y %H:%M:%S",
    "%d/%m/%Y %H:%M",
    "%d/%m/%y %H:%M:%S",
    "%d/%m/%y %H:%M",
]
