"""A class's roster file: read as the teacher wrote it, written back the same; hostile or malformed
files refused with a message naming the line, large ones refused before they are read through."""

import pytest

from gintrainer.classroom.roster import (
    MAX_ROSTER_BYTES,
    MAX_ROSTER_STUDENTS,
    Roster,
    RosterError,
    RosterStudent,
    read_roster,
)

ROSTER = ("name,email,section\r\n"
          "Zoë Smith,zoe.smith@school.example,9B\r\n"
          '"Okafor, Chidi",chidi@school.example,\r\n'
          "ئاران,aran@school.example,9A\r\n")


def test_a_roster_is_read_in_its_order_with_its_names_emails_and_sections_as_typed():
    roster = read_roster(ROSTER.encode("utf-8"))
    assert roster.names == ("Zoë Smith", "Okafor, Chidi", "ئاران")
    assert [s.email for s in roster] == ["zoe.smith@school.example", "chidi@school.example", "aran@school.example"]
    assert [s.section for s in roster] == ["9B", "", "9A"]
    assert roster.find("zoë SMITH") == roster.students[0]
    assert roster.find("Nobody") is None


def test_the_columns_may_come_in_any_order_and_case_with_a_byte_order_mark_and_without_a_section():
    roster = read_roster("\ufeffEMAIL, Name \nann@school.example,Ann\n\nben@school.example,Ben\n".encode())
    assert roster.names == ("Ann", "Ben")
    assert [s.section for s in roster] == ["", ""]


def test_a_roster_written_reads_back_as_the_same_roster():
    roster = read_roster(ROSTER)
    assert read_roster(roster.to_csv()) == roster
    assert roster.to_csv().splitlines()[2] == '"Okafor, Chidi",chidi@school.example,'


@pytest.mark.parametrize(("text", "words"), [
    ("", "no header row"),
    ("nom,email\nAnn,ann@school.example\n", "line 1: the roster has no column 'nom'"),
    ("name,section\nAnn,9A\n", "line 1: the roster lacks the column 'email'"),
    ("name,email,name\n", "names a column twice"),
    ("name,email\n", "the roster has no students"),
    ("name,email\nAnn,ann@school.example\nBen\n", "line 3 has 1 cell, not 2"),
    ("name,email\nAnn,ann@school.example\n=HYPERLINK(\"x\"),ben@school.example\n",
     "line 3: a student name cannot start with '='"),
    ("name,email\n+Ann,ann@school.example\n", "line 2: a student name cannot start with '+'"),
    ("name,email\nAnn,-ann@school.example\n", "line 2: an email address cannot start with '-'"),
    ("name,email\nAnn,@ann\n", "line 2: not an email address"),
    ("name,email\nAnn,ann at school\n", "line 2: not an email address"),
    ("name,email,section\nAnn,ann@school.example,@9A\n", "line 2: a section cannot start with '@'"),
    ("name,email\nAnn,ann@school.example\nANN,other@school.example\n",
     "line 3: the name 'ANN' is also on line 2"),
    ("name,email\nAnn,ann@school.example\nBen,Ann@School.example\n",
     "line 3: the email address 'Ann@School.example' is also on line 2"),
    ("name,email\nA\x00n,ann@school.example\n", "line 2: a name cannot contain the character"),
    ("name,email\n,ann@school.example\n", "line 2: "),
    ('name,email\n"Ann,ann@school.example\n', "line 2 is not valid CSV"),
    ('name,email\nAnn,ann@school.example\n"Ben"x,ben@school.example\n', "line 3 is not valid CSV"),
])
def test_a_malformed_or_hostile_roster_is_refused_naming_the_line(text, words):
    with pytest.raises(RosterError) as error:
        read_roster(text.encode("utf-8"))
    assert words in str(error.value)


def test_a_file_that_is_not_utf8_is_refused_naming_the_byte():
    with pytest.raises(RosterError, match=r"not UTF-8 text \(byte 13\)"):
        read_roster("name,email\nZoë,zoe@school.example\n".encode("latin-1"))


def test_a_large_roster_is_bounded():
    with pytest.raises(RosterError, match=f"at most {MAX_ROSTER_BYTES} bytes"):
        read_roster(b"name,email\n" + b"a" * MAX_ROSTER_BYTES)
    many = "name,email\n" + "".join(f"S{i},s{i}@school.example\n" for i in range(MAX_ROSTER_STUDENTS + 1))
    with pytest.raises(RosterError, match=f"line {MAX_ROSTER_STUDENTS + 2}: a roster holds at most"):
        read_roster(many)
    assert len(read_roster("name,email\n" + "".join(f"S{i},s{i}@school.example\n"
                                                      for i in range(MAX_ROSTER_STUDENTS)))) == MAX_ROSTER_STUDENTS


def test_a_roster_made_in_code_is_checked_as_a_file_is():
    with pytest.raises(RosterError, match="twice"):
        Roster((RosterStudent("Ann", "a@school.example"), RosterStudent("ann", "b@school.example")))
    with pytest.raises(RosterError):
        RosterStudent("Ann", "=1+1@school.example")


def test_every_refusal_is_drawn_from_the_catalogs():
    from gintrainer.words.language import PSEUDO_MARKS
    from i18n import pseudo_language
    cases = [case[0] for case in test_a_malformed_or_hostile_roster_is_refused_naming_the_line.pytestmark[0].args[1]]
    refused = []
    with pseudo_language():
        for text in [*cases, "name,email\nZoë,zoe@school.example\n".encode("latin-1")]:
            with pytest.raises(RosterError) as caught:
                read_roster(text.encode("utf-8") if isinstance(text, str) else text)
            refused.append(str(caught.value))
    assert [text for text in refused if not text.startswith(PSEUDO_MARKS[0])] == []
