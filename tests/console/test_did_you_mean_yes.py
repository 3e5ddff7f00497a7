"""Yes after "Did you mean pass?" carries out what was meant; at any other time yes is no command."""

from __future__ import annotations

from tests.helpers.console import run_in_process


def test_yes_after_did_you_mean_carries_out_the_command_meant():
    output, _, _, _ = run_in_process(["pas", "yes"])
    asked = output.index(next(line for line in output if "Did you mean pass?" in line))
    assert "You pass." in output[asked + 1 :]


def test_yes_answers_only_the_refusal_just_before_it():
    output, _, _, _ = run_in_process(["pas", "hand", "yes"])
    assert "You pass." not in output
    assert any(line.startswith("Unknown command: yes.") for line in output)


def test_a_mistyped_color_after_a_number_is_meant_with_the_color_named():
    output, _, state, _ = run_in_process(["pass", *(["14 blak", "yes"] * 1)], seed=1)
    assert any("Did you mean black?" in line for line in output)
    # yes typed "14 black": played if South held it and it was its turn, else answered as that card would be
    assert not any(line.startswith("Unknown command: yes") for line in output)
