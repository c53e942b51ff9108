// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from '@openzeppelin/contracts/token/ERC20/IERC20.sol';
import {SafeERC20} from '@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol';

/// @notice The sandbox's THORChain router: the inbound half of THORChain's Router v4.1
/// (`depositWithExpiry`, selector 0x44bc937b, and its `Deposit` event), which the sandbox
/// observer watches. Native coin is forwarded to the vault with `msg.value`. An ERC-20 is pulled
/// through the sender's approval of exactly `amount`; Router v4 keeps tokens in the router under a
/// per-vault allowance, while this one forwards them to the vault, so sandbox payouts are plain
/// transfers from the vault account. The amount is in the asset's own decimals, not THORChain's 1e8.
contract THORChain_Router {
    using SafeERC20 for IERC20;

    /// @notice Emitted for every inbound; `amount` is what the vault actually received.
    event Deposit(address indexed to, address indexed asset, uint256 amount, string memo);

    function depositWithExpiry(
        address payable vault,
        address asset,
        uint256 amount,
        string memory memo,
        uint256 expiration
    ) external payable {
        require(block.timestamp < expiration, 'THORChain_Router: expired');
        uint256 safeAmount;
        if (asset == address(0)) {
            safeAmount = msg.value;
            (bool success, ) = vault.call{value: safeAmount}('');
            require(success, 'THORChain_Router: failed to send');
        } else {
            require(msg.value == 0, 'THORChain_Router: unexpected eth');
            uint256 before = IERC20(asset).balanceOf(vault);
            IERC20(asset).safeTransferFrom(msg.sender, vault, amount);
            safeAmount = IERC20(asset).balanceOf(vault) - before;
        }
        emit Deposit(vault, asset, safeAmount, memo);
    }
}
