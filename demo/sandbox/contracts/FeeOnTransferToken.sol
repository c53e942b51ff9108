// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SandboxToken} from './SandboxToken.sol';

/// @notice A fee-on-transfer ERC-20, as some real tokens are: every transfer between two accounts
/// burns `transferFeeBps` of the amount, so the receiver gets less than was sent. Minting is untaxed.
/// Placed with `anvil_setCode` like `SandboxToken`, so the fee is set once through `initializeFee`.
contract FeeOnTransferToken is SandboxToken {
    uint16 public transferFeeBps;

    function initializeFee(uint16 feeBps) external {
        require(msg.sender == minter, 'FeeOnTransferToken: not minter');
        require(transferFeeBps == 0 && feeBps > 0 && feeBps < 10_000, 'FeeOnTransferToken: bad fee');
        transferFeeBps = feeBps;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from == address(0) || to == address(0) || transferFeeBps == 0) {
            super._update(from, to, value);
            return;
        }
        uint256 fee = (value * transferFeeBps) / 10_000;
        super._update(from, address(0), fee);
        super._update(from, to, value - fee);
    }
}
